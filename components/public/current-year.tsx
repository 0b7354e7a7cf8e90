"use client";

import { useSyncExternalStore } from "react";

const neverChanges = () => () => {};
const yearNow = () => new Date().getFullYear();

/**
 * The copyright year. A page is prerendered once, so its HTML carries the year it was built in
 * (`builtYear`), which hydration takes as it is; React then renders again with the browser's
 * year when the two differ, so a page built last December shows this year once its scripts have
 * run. (Text kept with `suppressHydrationWarning` would never be corrected.)
 */
export function CurrentYear({ builtYear }: { builtYear: number }) {
  return <>{useSyncExternalStore(neverChanges, yearNow, () => builtYear)}</>;
}
