import { onTestFinished, vi } from "vitest";

/*
 * The rate limiter counts in fixed windows aligned to the clock (1, 10, 15 and 60 minutes here).
 * A test that counts up to a limit on the real clock fails whenever its tries straddle a window's
 * end: the count starts again halfway and the expected 429 never comes. These helpers keep a
 * test's tries in one window.
 */

const HOUR_MS = 3_600_000;

/** The start of the next hour: every window of a minute, 10, 15 or 60 minutes begins there. */
function nextHourStart(now = Date.now()): Date {
  return new Date((Math.floor(now / HOUR_MS) + 1) * HOUR_MS);
}

/**
 * For a test whose requests run in this process: fakes Date alone (timers stay real) and stops
 * it at the start of the next hour, until the test ends. Every window has just begun and the
 * clock does not move, so all the test's tries count in one window, and Retry-After is the
 * window's whole length. The clock stays within an hour of the real one, so fixtures that open
 * and close by the real date are still open.
 */
export function countInOneWindow(): Date {
  const start = nextHourStart();
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(start);
  onTestFinished(() => {
    vi.useRealTimers();
  });
  return start;
}

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
