import "server-only";

const RETRY_BASE_MS = 5_000;
const RETRY_MAX_MS = 30 * 60_000;

/**
 * Delay before the n-th retry (n ≥ 1) of a failed provider call, for every kind of mail:
 * exponential from 5 seconds to at most 30 minutes, jittered by a quarter either way so
 * senders do not bunch up.
 */
export function providerRetryDelayMs(attempt: number): number {
  const exponential = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempt - 1));
  return Math.round(exponential * (0.75 + Math.random() * 0.5));
}
