"use client";

import { usePathname } from "next/navigation";
import { useEffect, useSyncExternalStore } from "react";
import { Alert } from "./alert";

/** Where a notice waits in the tab's sessionStorage for the next page to show it. */
const STORAGE_KEY = "flash-notice";
/** Longer text than any notice of the app's is not shown (the storage is the tab's to write). */
const MAX_LENGTH = 300;

// The notice this document took from the storage (undefined until read, null when none), and
// the page it was first shown on. Both live as long as the document, not as one frame: an
// English visit keeps its document from one public layout to the other, and each layout mounts
// a frame of its own, which must not show the notice again.
let taken: string | null | undefined;
let shownOn: string | null = null;
const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage switched off or refused (a sandboxed frame): there is nothing to carry.
    return null;
  }
}

/** Reads the waiting notice once per document and removes it, so a reload does not repeat it. */
function take(): string | null {
  if (taken === undefined) {
    const store = storage();
    const text = store?.getItem(STORAGE_KEY) ?? null;
    store?.removeItem(STORAGE_KEY);
    taken = text && text.length <= MAX_LENGTH ? text : null;
  }
  return taken;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function forget() {
  taken = null;
  shownOn = null;
  for (const listener of listeners) listener();
}

const noneOnServer = () => null;

/**
 * Leaves a success notice for the page the app goes to next, for an action after which the
 * screen that took it is gone (deleting one's own account ends on the home page, which has no
 * toasts). The text is already in the reader's language.
 */
export function leaveFlashNotice(text: string): void {
  try {
    storage()?.setItem(STORAGE_KEY, text);
  } catch {
    // A full or refused storage: the action itself succeeded, only its notice is not carried.
  }
  taken = undefined;
  shownOn = null;
}

/**
 * Shows a notice left by `leaveFlashNotice` at the top of the page it arrived on, as a polite
 * status, and forgets it once the reader moves on; nothing on a visit without one (not even an
 * empty live region: pages rendered without scripts would carry it for nothing). Rendered as
 * React text, never as markup.
 */
export function FlashNotice() {
  const pathname = usePathname();
  const text = useSyncExternalStore(subscribe, take, noneOnServer);
  const here = text !== null && (shownOn ?? pathname) === pathname;
  useEffect(() => {
    if (text === null) return;
    shownOn ??= pathname;
    if (pathname !== shownOn) forget();
  }, [text, pathname]);
  return here ? <Alert tone="success" title={text} className="mb-8" /> : null;
}
