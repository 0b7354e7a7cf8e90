"use client";

import { LogOut } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { markLeaving } from "./leaving";

/** Two presses of Escape within this time leave the site; one press keeps closing menus as usual. */
const DOUBLE_PRESS_MS = 1500;

/**
 * Every tab of the site listens here: the survey opens in a window of its own, so leaving from
 * it must take the study page in the other tab along (and the other way round). Same origin
 * only, and nothing is sent but the word to leave.
 */
const CHANNEL = "quick-exit";

function openChannel(): BroadcastChannel | null {
  return typeof BroadcastChannel === "function" ? new BroadcastChannel(CHANNEL) : null;
}

/**
 * Replaces the current history entry, so the back button does not bring the site back. The page
 * is blanked first: on a slow connection nothing of it stays on screen while the next one loads.
 * The tab's sessionStorage (where the survey runner keeps answers in progress) is cleared too, so
 * nothing of a survey is left in the tab for whoever uses it next.
 */
function leave(url: string, channel: BroadcastChannel | null): void {
  markLeaving();
  channel?.postMessage("leave");
  document.documentElement.style.visibility = "hidden";
  try {
    window.sessionStorage.clear();
  } catch {
    // Storage refused by the browser: then nothing was kept in it either.
  }
  window.location.replace(url);
}

export function QuickExitControl({ url, label, hint }: { url: string; label: string; hint: string }) {
  const hintId = useId();
  const channelRef = useRef<BroadcastChannel | null>(null);

  useEffect(() => {
    const channel = openChannel();
    // Another tab of the site is leaving: this one goes too, without telling the others again.
    if (channel) channel.onmessage = () => leave(url, null);
    let lastPress = -Infinity;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.repeat) return;
      const now = performance.now();
      if (now - lastPress <= DOUBLE_PRESS_MS) leave(url, channel);
      else lastPress = now;
    };
    // Capture phase: a dialog or menu that handles Escape itself must not hide it from us.
    window.addEventListener("keydown", onKey, true);
    channelRef.current = channel;
    return () => {
      window.removeEventListener("keydown", onKey, true);
      channelRef.current = null;
      channel?.close();
    };
  }, [url]);

  return (
    <>
      <a
        href={url}
        rel="noreferrer"
        aria-describedby={hintId}
        onClick={(event) => {
          event.preventDefault();
          leave(url, channelRef.current);
        }}
        className="btn-danger fixed bottom-4 left-4 z-40 rounded-full px-4 py-3 shadow-lg"
      >
        <LogOut aria-hidden className="size-5" />
        {label}
      </a>
      <span id={hintId} hidden>
        {hint}
      </span>
    </>
  );
}
