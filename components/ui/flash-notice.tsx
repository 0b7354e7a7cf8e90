"use client";

import { usePathname } from "next/navigation";
import { useEffect, useState, useSyncExternalStore } from "react";
import { Alert } from "./alert";

/** Where a notice waits in the tab's sessionStorage for the next page to show it. */
const STORAGE_KEY = "flash-notice";
/** Longer text than any notice of the app's is not shown (the storage is the tab's to write). */
const MAX_LENGTH = 300;

// The notice this document took from the storage: undefined until read, null when none.
let taken: string | null | undefined;
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
}

/**
 * Shows a notice left by `leaveFlashNotice` at the top of the page it arrived on, as a polite
 * status, and forgets it once the reader moves on; nothing on a visit without one. Rendered as
 * React text, never as markup.
 */
export function FlashNotice() {
  const pathname = usePathname();
  // The page this frame was first shown on: where the app went after the action.
  const [arrivedOn] = useState(pathname);
  const text = useSyncExternalStore(subscribe, take, noneOnServer);
  const here = text !== null && pathname === arrivedOn;
  useEffect(() => {
    if (text !== null && !here) forget();
  }, [text, here]);
  return here ? <Alert tone="success" title={text} className="mb-8" /> : null;
}
