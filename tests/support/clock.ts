import { onTestFinished, vi } from "vitest";

/**
 * Fakes Date alone (timers stay real) and stops it where it is, until the test ends, so what a
 * test computes from "now" cannot change between the request and its assertion: the rate-limit
 * window a test's tries count in (the limiter's windows are aligned to the clock), the day in a
 * file name. It stops at the real time rather than at a chosen one: the
 * database's own clock goes on, and a session or link made earlier on real time must not look
 * as if it came from the future or the past (a clock an hour ahead made a fresh session look
 * idle for that hour).
 */
export function stopClock(): Date {
  const now = new Date();
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(now);
  onTestFinished(() => {
    vi.useRealTimers();
  });
  return now;
}
