import "server-only";
/**
 * The delivery engine's numbers, in one place. Resend sends at most 100 mails per batch call
 * and keeps an idempotency key with its first answer for 24 hours.
 */

/** Mails per provider request. */
export const BATCH_SIZE = 100;

/**
 * How long a sender owns a claimed batch. It covers the wait for a rate slot (at most
 * MAX_SLOT_WAIT_MS), the provider call (at most its 20-second timeout) and the marking; a sender
 * that dies leaves the batch to be resent by another once this has passed.
 */
export const BATCH_LEASE_MS = 2 * 60_000;

/** A sender does not wait longer than this for its rate slot; it stops and comes back. */
export const MAX_SLOT_WAIT_MS = 30_000;

/**
 * Provider calls that ended in an outage-like failure (5xx, network, timeout, rejected API key)
 * before the batch is given up as failed. With the backoff of lib/mail/backoff.ts that is about
 * an hour.
 */
export const MAX_ATTEMPTS = 10;

/** Another request with the same key is still in progress: ask again after this long. */
export const IN_PROGRESS_RETRY_MS = 5_000;

/** Retry-After missing on a 429: wait this long. */
export const DEFAULT_RATE_LIMIT_PAUSE_MS = 1_000;

/**
 * An accepted request used up the provider's window (`ratelimit-remaining: 0`): every sender
 * holds back for one provider interval (its one-second window divided by `ratelimit-limit`), so
 * the next request does not run into a full window. Not for the whole `ratelimit-reset`: that
 * is whole seconds, and timing noise alone puts a fifth request into some second at 4 a second,
 * so waiting it out would halve the rate for nothing; a window that is really still full
 * answers 429, and that waits for its Retry-After or reset.
 */
export function fullWindowPauseMs(rateLimit: { limit?: number; resetSeconds: number }): number {
  return rateLimit.limit ? 1000 / rateLimit.limit : Math.min(1000, rateLimit.resetSeconds * 1000);
}

/**
 * The provider forgets a key after 24 hours; a batch resent after that could go out twice.
 * Batches recorded longer ago than this (24 hours less a margin for clocks and the last call in
 * flight) are never sent again but marked failed.
 */
export const IDEMPOTENCY_WINDOW_MS = 24 * 3600_000 - 15 * 60_000;

/**
 * How long one bounded run works: after a send response (`after()`), and per cron call for
 * everything it does (the sign-up mails' retries included, `runCronCall`). Both routes allow 60
 * seconds; this leaves room for a provider call that starts just before the end.
 */
export const RUN_BUDGET_MS = 35_000;
