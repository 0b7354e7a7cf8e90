"use client";

import { useEffect, useRef } from "react";

/**
 * While `active`, the browser asks before the page is reloaded, closed or left by a typed
 * address. `shouldAsk()` is read at that moment and may still say no (the quick exit, which
 * nothing may hold up; answers the tab's storage holds after all); `onAsk` runs as the question
 * is put, e.g. to start saving, so that what is pending is on its way if the reader leaves.
 * A move inside the app fires no `beforeunload`: that is `useLeaveGuard`'s part.
 */
export function useAskBeforeUnload(
  active: boolean,
  { shouldAsk, onAsk }: { shouldAsk?: () => boolean; onAsk?: () => void } = {},
): void {
  const latest = useRef({ shouldAsk, onAsk });
  useEffect(() => {
    latest.current = { shouldAsk, onAsk };
  });
  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (latest.current.shouldAsk && !latest.current.shouldAsk()) return;
      event.preventDefault();
      // Older browsers ask only when a value is set.
      event.returnValue = "";
      latest.current.onAsk?.();
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [active]);
}
