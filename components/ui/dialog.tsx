"use client";

import * as RadixDialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { useTranslations } from "next-intl";
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { Alert } from "./alert";

export type DialogProps = {
  open: boolean;
  /** Called with `false` when the reader closes it (Escape, the close button, a click outside). */
  onOpenChange: (open: boolean) => void;
  /** The dialog's accessible name. */
  title: ReactNode;
  /** Read after the title when the dialog opens. */
  description: ReactNode;
  children?: ReactNode;
  /** A button that opens it; focus returns to it on close. Omit for a dialog opened by state. */
  trigger?: ReactNode;
  /** While true, nothing closes the dialog and its close button is disabled. */
  pending?: boolean;
  /** Shown inside, above the content, as an `alert`. */
  error?: ReactNode;
  /**
   * Where focus goes on close. Without it (or when it gives no element on the page), focus
   * returns to the trigger or to whatever had it before the dialog opened; give it when that
   * element may be gone by then (the row of a deleted item).
   */
  returnFocus?: () => HTMLElement | null | undefined;
  /** "drawer" slides in from the left edge (the portal's menu on small screens). */
  layout?: "modal" | "drawer";
  /** Title and description for screen readers only (the drawer shows its own heading). */
  hideHeader?: boolean;
  /** The close button's name; "Close" by default. False for no close button. */
  closeLabel?: string | false;
  /** Extra classes for the panel and the backdrop (e.g. `lg:hidden`). */
  className?: string;
};

/** How a form inside a dialog says that its request is on its way (`useHoldsDialogOpen`). */
const HoldOpen = createContext<((pending: boolean) => void) | null>(null);

/**
 * Keeps the dialog around this component open while `pending`, as the dialog's own `pending`
 * does: for a form inside it that owns its request, so that Escape, the close button or a click
 * outside cannot unmount the form while its answer (an error to show, a next step) is on its way.
 */
export function useHoldsDialogOpen(pending: boolean): void {
  const hold = useContext(HoldOpen);
  useEffect(() => {
    if (!hold) return;
    hold(pending);
    return () => hold(false);
  }, [hold, pending]);
}

/**
 * Where focus goes when the element to return to is gone (the row a dialog deleted, a button
 * the change replaced): the page's main heading, rather than the page's body.
 */
/** In the page and able to take focus: a disabled control cannot. */
function focusable(element: HTMLElement | null | undefined): element is HTMLElement {
  return !!element?.isConnected && !(element as HTMLElement & { disabled?: boolean }).disabled;
}

function pageHeading(): HTMLElement | null {
  const heading = document.querySelector<HTMLElement>("main h1") ?? document.querySelector("h1");
  if (heading && !heading.hasAttribute("tabindex")) heading.tabIndex = -1;
  return heading;
}

const panels = {
  modal:
    "fixed top-1/2 left-1/2 z-50 max-h-[calc(100vh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl",
  drawer: "fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] overflow-y-auto bg-white shadow-xl",
};

/**
 * The one modal dialog (Radix): focus moves in and is trapped there, the page behind is inert,
 * Escape closes, and focus goes back when it closes. Its content is unmounted while closed, so
 * a form inside starts empty every time it opens.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  trigger,
  pending = false,
  error,
  returnFocus,
  layout = "modal",
  hideHeader = false,
  closeLabel,
  className = "",
}: DialogProps) {
  const t = useTranslations("common");
  // Radix returns focus only to its own Trigger; a dialog opened from state would leave focus
  // on the page's body. So the element that had focus when it opened is kept to return to.
  const opener = useRef<HTMLElement | null>(null);
  const [held, setHeld] = useState(false);
  const busy = pending || held;
  const closeName = closeLabel ?? t("close");
  const headerClass = hideHeader ? "sr-only" : undefined;
  return (
    <RadixDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (next || !busy) onOpenChange(next);
      }}
    >
      {trigger ? <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger> : null}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={`fixed inset-0 z-40 bg-black/40 ${className}`} />
        <RadixDialog.Content
          className={`${panels[layout]} ${className}`}
          onOpenAutoFocus={() => {
            opener.current =
              document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            const given = returnFocus?.();
            if (!focusable(given) && trigger) return;
            const back = focusable(given) ? given : opener.current;
            // The opener may be gone, or disabled by what the dialog did (Send, once sent).
            const target = focusable(back) ? back : pageHeading();
            if (!target) return;
            event.preventDefault();
            target.focus();
          }}
        >
          <RadixDialog.Title
            className={headerClass ?? `text-lg font-semibold ${closeName ? "pr-8" : ""}`}
          >
            {title}
          </RadixDialog.Title>
          <RadixDialog.Description className={headerClass ?? "mt-2 text-ink"}>
            {description}
          </RadixDialog.Description>
          {closeName ? (
            <RadixDialog.Close
              className="btn-ghost absolute top-3 right-3 p-2"
              aria-label={closeName}
              disabled={busy}
            >
              <X aria-hidden className="size-5" />
            </RadixDialog.Close>
          ) : null}
          {error ? (
            <Alert tone="error" className="mt-5">
              {error}
            </Alert>
          ) : null}
          {children ? (
            <HoldOpen.Provider value={setHeld}>
              <div className={hideHeader ? undefined : "mt-5"}>{children}</div>
            </HoldOpen.Provider>
          ) : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
