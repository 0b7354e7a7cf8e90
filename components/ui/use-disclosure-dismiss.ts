"use client";

import { useEffect, type RefObject } from "react";

/**
 * Closes a native `<details>`; focus goes back to its button when asked (the close button, or
 * Escape pressed while focus was inside it).
 */
export function closeDisclosure(details: HTMLDetailsElement | null, returnFocus: boolean) {
  if (!details) return;
  details.open = false;
  if (returnFocus) details.querySelector("summary")?.focus();
}

/**
 * What a `<details>` used as a disclosure cannot do by itself, added once hydrated: Escape closes
 * it (ignored while an input method is composing), returning focus to its button only from
 * inside it, not from elsewhere on the page; with `pressOutside`, a press elsewhere closes it too.
 */
export function useDisclosureDismiss(
  detailsRef: RefObject<HTMLDetailsElement | null>,
  { pressOutside = false }: { pressOutside?: boolean } = {},
) {
  useEffect(() => {
    const openDetails = () => (detailsRef.current?.open ? detailsRef.current : null);
    const onKey = (event: KeyboardEvent) => {
      const details = openDetails();
      if (event.key !== "Escape" || event.isComposing || !details) return;
      closeDisclosure(details, details.contains(document.activeElement));
    };
    const onPointer = (event: PointerEvent) => {
      const details = openDetails();
      if (details && !details.contains(event.target as Node)) closeDisclosure(details, false);
    };
    window.addEventListener("keydown", onKey);
    if (pressOutside) window.addEventListener("pointerdown", onPointer);
    return () => {
      window.removeEventListener("keydown", onKey);
      window.removeEventListener("pointerdown", onPointer);
    };
  }, [detailsRef, pressOutside]);
}
