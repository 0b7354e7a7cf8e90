"use client";

/** The year at view time, so a page prerendered last December still shows this year. */
export function CurrentYear() {
  return <span suppressHydrationWarning>{new Date().getFullYear()}</span>;
}
