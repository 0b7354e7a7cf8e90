"use client";

import { LifeBuoy, X } from "lucide-react";
import { useId, useRef } from "react";
import type { HelpLine } from "@/config/help-line.shared";
import { closeDisclosure, useDisclosureDismiss } from "@/components/ui/use-disclosure-dismiss";
import { useHydrated } from "@/components/ui/use-hydrated";
import { HelpWidgetContacts, type HelpContactLabels } from "./help-widget-contacts";

export type HelpWidgetLabels = HelpContactLabels & {
  region: string;
  toggle: string;
  title: string;
  intro: string;
  close: string;
};

/**
 * A disclosure, not a modal: the page stays usable while the panel is open. It is a native
 * `<details>`, so the button opens and closes it from the moment it can be seen, before the
 * page's scripts have loaded (on a slow phone, seconds later). Once they have: opening it with
 * the button moves focus to the panel's heading so a screen reader announces it (the browser
 * also opens it by itself when find-in-page matches its text, and that must not pull focus
 * away); Escape and the close button close it and return focus to the button; a click elsewhere
 * just closes it. The close button appears only then, so it is never a control that does
 * nothing.
 */
export function HelpWidgetPanel({ help, labels }: { help: HelpLine; labels: HelpWidgetLabels }) {
  const hydrated = useHydrated();
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Set by a press of the button (mouse, keyboard and screen readers all click it).
  const pressedRef = useRef(false);
  const headingId = useId();

  useDisclosureDismiss(detailsRef, { pressOutside: true });

  return (
    <aside aria-label={labels.region} className="fixed right-4 bottom-4 z-40">
      {/* Opened before hydration, it carries an `open` the server did not render. */}
      <details
        ref={detailsRef}
        suppressHydrationWarning
        onToggle={(event) => {
          const pressed = pressedRef.current;
          pressedRef.current = false;
          if (pressed && event.currentTarget.open) headingRef.current?.focus();
        }}
        className="relative"
      >
        <summary
          onClick={() => (pressedRef.current = true)}
          className="block cursor-pointer list-none rounded-full [&::-webkit-details-marker]:hidden"
        >
          {/* The button's look is on a span: older Safari cannot lay out a summary as a flexbox. */}
          <span className="btn-primary rounded-full p-3 shadow-lg sm:px-4">
            <LifeBuoy aria-hidden className="size-5" />
            {/* Icon only on narrow screens, so the two floating buttons cover less of the page. */}
            <span className="sr-only sm:not-sr-only">{labels.toggle}</span>
          </span>
        </summary>
        <section
          aria-labelledby={headingId}
          className="absolute right-0 bottom-full mb-3 max-h-[calc(100dvh-6rem)] w-[min(22rem,calc(100vw-2rem))] overflow-y-auto rounded-lg border border-gray-200 bg-white p-4 shadow-xl"
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
            {hydrated && (
              <button
                type="button"
                onClick={() => closeDisclosure(detailsRef.current, true)}
                aria-label={labels.close}
                className="btn-ghost -mt-1 -mr-1 p-2"
              >
                <X aria-hidden className="size-5" />
              </button>
            )}
          </div>
          <p className="mt-2 mb-4 text-sm leading-relaxed text-muted">{labels.intro}</p>
          <HelpWidgetContacts help={help} labels={labels} />
        </section>
      </details>
    </aside>
  );
}
