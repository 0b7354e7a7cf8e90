"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";

/**
 * Asks before a link inside the app takes the reader away while `shouldAsk()` says edits would
 * be lost (the browser's own question covers reloads, closing the tab and typed addresses, but a
 * client-side navigation fires no `beforeunload`). Links that open a new tab, downloads and
 * modified clicks are left alone. `settle()` gets a chance first (e.g. saving what is pending):
 * when it resolves true the navigation goes ahead without a question.
 */
export function useLeaveGuard({
  shouldAsk,
  settle,
}: {
  shouldAsk: () => boolean;
  settle: () => Promise<boolean>;
}) {
  const router = useRouter();
  const [asking, setAsking] = useState<string | null>(null);
  const latest = useRef({ shouldAsk, settle });
  useEffect(() => {
    latest.current = { shouldAsk, settle };
  });

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.("a[href]");
      if (!(link instanceof HTMLAnchorElement)) return;
      if (link.target && link.target !== "_self") return;
      if (link.hasAttribute("download") || link.origin !== window.location.origin) return;
      if (!latest.current.shouldAsk()) return;
      const href = `${link.pathname}${link.search}${link.hash}`;
      event.preventDefault();
      event.stopPropagation();
      void latest.current.settle().then((settled) => {
        if (settled) router.push(href);
        else setAsking(href);
      });
    };
    // Capture phase, before Next's Link handles the click.
    document.addEventListener("click", onClick, true);
    return () => document.removeEventListener("click", onClick, true);
  }, [router]);

  return {
    /** The address the reader tried to go to while edits were unsaved; null when not asking. */
    asking,
    stay: () => setAsking(null),
    leave: () => {
      const href = asking;
      setAsking(null);
      if (href) router.push(href);
    },
  };
}
