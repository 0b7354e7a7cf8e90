"use client";

import { LogOut } from "lucide-react";
import { useEffect, useId } from "react";

/** Two presses of Escape within this time leave the site; one press keeps closing menus as usual. */
const DOUBLE_PRESS_MS = 1500;

/**
 * Replaces the current history entry, so the back button does not bring the site back. The page
 * is blanked first: on a slow connection nothing of it stays on screen while the next one loads.
 * The tab's sessionStorage (where the survey runner keeps answers in progress) is cleared too, so
 * nothing of a survey is left in the tab for whoever uses it next.
 */
function leave(url: string): void {
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

  useEffect(() => {
    let lastPress = -Infinity;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.repeat) return;
      const now = performance.now();
      if (now - lastPress <= DOUBLE_PRESS_MS) leave(url);
      else lastPress = now;
    };
    // Capture phase: a dialog or menu that handles Escape itself must not hide it from us.
    window.addEventListener("keydown", onKey, true);
    return () => window.removeEventListener("keydown", onKey, true);
  }, [url]);

  return (
    <>
      <a
        href={url}
        rel="noreferrer"
        aria-describedby={hintId}
        onClick={(event) => {
          event.preventDefault();
          leave(url);
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
