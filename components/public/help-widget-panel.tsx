"use client";

import { LifeBuoy, X } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import type { HelpLine } from "@/config/help-line.shared";
import { HelpWidgetContacts, type HelpContactLabels } from "./help-widget-contacts";

export type HelpWidgetLabels = HelpContactLabels & {
  region: string;
  toggle: string;
  title: string;
  intro: string;
  close: string;
};

/**
 * A disclosure, not a modal: the page stays usable while the panel is open. Opening moves focus
 * to the panel's heading so a screen reader announces it; Escape and the close button return
 * focus to the toggle; a click elsewhere just closes it.
 */
export function HelpWidgetPanel({ help, labels }: { help: HelpLine; labels: HelpWidgetLabels }) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const panelId = useId();
  const headingId = useId();

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) toggleRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    headingRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") close(true);
    };
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open, close]);

  return (
    <aside
      ref={rootRef}
      aria-label={labels.region}
      className="fixed right-4 bottom-4 z-40 flex flex-col-reverse items-end gap-3"
    >
      <button
        ref={toggleRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
        className="btn-primary rounded-full p-3 shadow-lg sm:px-4"
      >
        <LifeBuoy aria-hidden className="size-5" />
        {/* Icon only on narrow screens, so the two floating buttons cover less of the page. */}
        <span className="sr-only sm:not-sr-only">{labels.toggle}</span>
      </button>
      {open && (
        <section
          id={panelId}
          aria-labelledby={headingId}
          className="max-h-[calc(100dvh-6rem)] w-[min(22rem,calc(100vw-2rem))] overflow-y-auto rounded-lg border border-gray-200 bg-white p-4 shadow-xl"
        >
          <div className="flex items-start justify-between gap-2">
            <h2
              id={headingId}
              ref={headingRef}
              tabIndex={-1}
              className="text-lg font-semibold text-primary-800 focus:outline-none"
            >
              {labels.title}
            </h2>
            <button
              type="button"
              onClick={() => close(true)}
              aria-label={labels.close}
              className="btn-ghost -mt-1 -mr-1 p-2"
            >
              <X aria-hidden className="size-5" />
            </button>
          </div>
          <p className="mt-2 mb-4 text-sm leading-relaxed text-muted">{labels.intro}</p>
          <HelpWidgetContacts help={help} labels={labels} />
        </section>
      )}
    </aside>
  );
}
