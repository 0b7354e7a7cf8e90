"use client";

import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};
const inBrowser = () => true;
const notInBrowser = () => false;

/**
 * False on the server and during hydration, true once React runs the component in the browser:
 * for a part that only works with scripts, or that reads what only the browser knows.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(noSubscription, inBrowser, notInBrowser);
}
