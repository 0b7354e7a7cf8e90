"use client";

import { useEffect, useRef, useState } from "react";
import { useBackGuard } from "./back-guard";
import { RELOADS_ATTRIBUTE } from "./reloads-attribute";

/**
 * Asks before a link inside the app takes the reader away while `shouldAsk()` says edits would
 * be lost (the browser's own question covers reloads, closing the tab and typed addresses, but a
 * client-side navigation fires no `beforeunload`). Links that open a new tab, downloads and
 * modified clicks are left alone. `settle()` gets a chance first (e.g. saving what is pending):
 * when it resolves true the navigation goes ahead without a question. Links to this page itself
 * and links marked as reloading it are left alone too. Going ahead clicks the
 * link again, so it navigates exactly as it would have (Next's Link included). `ask()` puts the
 * same question for a move that is not a link (choosing another item in the same screen), and
 * `mayLeaveScreens()` for a move out of every screen at once (logging out). With `holdBack`, the
 * browser's Back button asks too (`useBackGuard`): for a screen whose loss nothing can undo.
 */
/** A mounted screen's guard, as a move out of the whole portal (logging out) meets it. */
type MountedGuard = { check: () => Promise<boolean> };
const mountedGuards = new Set<MountedGuard>();

/**
 * Before a move that leaves the screen without a link (logging out, which ends the session the
 * screen's last save would need): every mounted guard saves first and asks when that fails, one
 * after the other. True when the move may go ahead.
 */
export async function mayLeaveScreens(): Promise<boolean> {
  for (const guard of [...mountedGuards]) {
    if (!(await guard.check())) return false;
  }
  return true;
}

export function useLeaveGuard({
  shouldAsk,
  settle,
  holdBack = false,
}: {
  shouldAsk: () => boolean;
  settle: () => Promise<boolean>;
  holdBack?: boolean;
}) {
  // What the open question is about: a link to follow, the Back button, or an `ask()` waiting
  // for its answer.
  const [asking, setAsking] = useState<
    { link: HTMLAnchorElement } | { back: true } | { answer: (leave: boolean) => void } | null
  >(null);
  const latest = useRef({ shouldAsk, settle });
  useEffect(() => {
    latest.current = { shouldAsk, settle };
  });
  const letThrough = useRef<HTMLAnchorElement | null>(null);
  const back = useBackGuard(holdBack, () => {
    if (!latest.current.shouldAsk()) return back.leave();
    void latest.current.settle().then((settled) => {
      if (settled) back.leave();
      else setAsking({ back: true });
    });
  });
  const releaseBack = useRef(back.release);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.("a[href]");
      if (!(link instanceof HTMLAnchorElement)) return;
      if (letThrough.current === link) {
        letThrough.current = null;
        return;
      }
      if (link.target && link.target !== "_self") return;
      if (link.hasAttribute("download") || link.origin !== window.location.origin) return;
      // This page itself (a skip link's #main): nothing is left.
      const here = window.location;
      if (link.pathname === here.pathname && link.search === here.search) return;
      // A link that reloads the page (the language switcher's): the browser itself asks.
      if (link.hasAttribute(RELOADS_ATTRIBUTE)) return;
      if (!latest.current.shouldAsk()) return;
      event.preventDefault();
      event.stopPropagation();
      void latest.current.settle().then((settled) => {
        if (settled) follow(link);
        else setAsking({ link });
      });
    };
    // Capture phase, before Next's Link handles the click.
    document.addEventListener("click", onClick, true);
    const guard: MountedGuard = {
      check: async () => {
        if (!latest.current.shouldAsk()) return true;
        if (await latest.current.settle()) return true;
        return new Promise<boolean>((answer) => setAsking({ answer }));
      },
    };
    mountedGuards.add(guard);
    return () => {
      document.removeEventListener("click", onClick, true);
      mountedGuards.delete(guard);
    };
  }, []);

  function follow(link: HTMLAnchorElement) {
    void releaseBack.current().then(() => {
      if (!link.isConnected) return;
      letThrough.current = link;
      link.click();
    });
  }

  function close(leave: boolean) {
    const question = asking;
    setAsking(null);
    if (!question) return;
    if ("link" in question) {
      if (leave) follow(question.link);
    } else if ("back" in question) {
      if (leave) back.leave();
      else back.hold();
    } else question.answer(leave);
  }

  return {
    /** Asks whether to leave with unsaved edits; true when the reader chooses to leave. */
    ask: () => new Promise<boolean>((answer) => setAsking({ answer })),
    /**
     * The wiring of the LeaveDialog that asks: open while asking; closing it stays, confirming
     * leaves.
     */
    dialog: {
      open: asking !== null,
      onOpenChange: (open: boolean) => {
        if (!open) close(false);
      },
      onConfirm: () => close(true),
    },
  };
}
