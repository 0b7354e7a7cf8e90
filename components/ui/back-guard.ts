"use client";

import { useEffect, useRef, useState } from "react";

/**
 * Marks the history entry a held page adds, so that coming back to it (Forward, or Back from a
 * fragment link such as the skip link's) is told apart from Back out of it.
 */
const HELD_ENTRY = "__heldEntry";

let backApproved = false;

/**
 * True from the moment the reader chose to go Back out of a held page until that page is gone
 * or shown again: when Back leaves the site (the page was opened from a mail or another site),
 * the browser's own question on unload is not put a second time.
 */
export function isBackApproved(): boolean {
  return backApproved;
}

let heldPages = 0;

/**
 * Held only where the browser says Back leads somewhere (the Navigation API). Elsewhere, and in
 * a tab opened for this page, nothing is added: the quick exit replaces only the entry it leaves
 * from, so an added entry would leave this page in a history that had none before it.
 */
function cannotGoBack(): boolean {
  const navigation = (window as { navigation?: { canGoBack?: boolean } }).navigation;
  return navigation?.canGoBack !== true;
}

export type BackGuard = {
  /** Back was pressed and stayed: the page is held again. */
  hold: () => void;
  /** Back was pressed and the reader chose to leave: goes back past this page. */
  leave: () => void;
  /**
   * Before a link is followed from a held page: takes the added entry out of the history first,
   * so that Back from where the link leads does not land on this page twice.
   */
  release: () => Promise<void>;
};

/**
 * Holds the Back button while `enabled`: an entry for this same address is added on top of the
 * history, so Back lands on this page again (its state untouched: the App Router renders the
 * same tree), and `onBack()` decides, with `hold()` or `leave()`. The entry is written with the
 * App Router's own history state, which its `pushState` passes through as one of its own; an
 * entry without it would make the router reload the page on Back.
 */
export function useBackGuard(enabled: boolean, onBack: () => void): BackGuard {
  const latest = useRef(onBack);
  useEffect(() => {
    latest.current = onBack;
  });
  const guard = useRef<BackGuard>({ hold: () => {}, leave: () => {}, release: async () => {} });

  useEffect(() => {
    if (!enabled) return;
    const key = `${Date.now()}-${++heldPages}`;
    let heldHref = "";
    let onHeldEntry = false;
    let released: (() => void) | null = null;

    const hold = () => {
      // Nothing to go back to (a tab opened for this page): the Back button is off, and an added
      // entry would only turn it on.
      if (cannotGoBack()) return;
      heldHref = window.location.href;
      window.history.pushState({ ...window.history.state, [HELD_ENTRY]: key }, "", heldHref);
      onHeldEntry = true;
    };
    const onPopState = (event: PopStateEvent) => {
      const state: unknown = event.state;
      if (state && typeof state === "object" && HELD_ENTRY in state && state[HELD_ENTRY] === key) {
        onHeldEntry = true;
        return;
      }
      const leftHeldEntry = onHeldEntry;
      onHeldEntry = false;
      // A move among other entries (to and from a fragment of this page, say), not Back out of
      // the added one.
      if (!leftHeldEntry || window.location.href !== heldHref) return;
      if (released) {
        const done = released;
        released = null;
        done();
        return;
      }
      latest.current();
    };
    const onPageShow = (event: PageTransitionEvent) => {
      // Back in the page from the browser's cache after leaving it: held again, as at first.
      if (!event.persisted) return;
      backApproved = false;
      hold();
    };

    guard.current = {
      hold,
      leave: () => {
        backApproved = true;
        window.history.back();
      },
      release: () =>
        new Promise<void>((resolve) => {
          if (!onHeldEntry) return resolve();
          // Should the browser not move (it ignores history calls it counts as too many), the
          // link is followed anyway after a moment.
          const timer = window.setTimeout(() => {
            released = null;
            resolve();
          }, 1000);
          released = () => {
            window.clearTimeout(timer);
            resolve();
          };
          window.history.back();
        }),
    };
    hold();
    window.addEventListener("popstate", onPopState);
    window.addEventListener("pageshow", onPageShow);
    return () => {
      window.removeEventListener("popstate", onPopState);
      window.removeEventListener("pageshow", onPageShow);
      backApproved = false;
    };
  }, [enabled]);

  // The same functions on every render, so a caller may keep them.
  const [controls] = useState<BackGuard>(() => ({
    hold: () => guard.current.hold(),
    leave: () => guard.current.leave(),
    release: () => guard.current.release(),
  }));
  return controls;
}
