/*
 * The rate limiter counts in fixed windows aligned to the clock (1, 10, 15 and 60 minutes here).
 * A test that counts up to a limit on the real clock fails whenever its tries straddle a window's
 * end: the count starts again halfway and the expected 429 never comes. A test whose requests
 * run in this process stops its clock (stopClock, clock.ts); this is for the others.
 */

/**
 * For requests answered by other processes, whose clock cannot be faked: when the current window
 * of `windowSeconds` ends less than `seconds` from now, waits until it has ended, so the test's
 * next `seconds` stay in one window. Answers how long it waited (ms).
 */
export async function roomInWindow(
  windowSeconds: number,
  seconds: number,
  now = Date.now(),
): Promise<number> {
  const windowMs = windowSeconds * 1000;
  const end = (Math.floor(now / windowMs) + 1) * windowMs;
  if (end - now >= seconds * 1000) return 0;
  const wait = end - now + 50;
  await new Promise((resolve) => setTimeout(resolve, wait));
  return wait;
}
