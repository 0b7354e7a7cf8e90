"use client";

import { useState } from "react";

/**
 * The send dialog reads the message again as it opens, to count its recipients as they are now:
 * `counting` from `recount()` until that read has answered (the query no longer `loading`), so
 * the dialog says it is counting instead of showing the number read earlier. `onCounted` runs
 * once, when the answer is in (it may say the message was sent elsewhere meanwhile).
 */
export function useRecount(loading: boolean, onCounted: () => void) {
  const [counting, setCounting] = useState(false);
  if (counting && !loading) {
    setCounting(false);
    onCounted();
  }
  return { counting, recount: () => setCounting(true) };
}
