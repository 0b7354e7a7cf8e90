import { describe, expect, it } from "vitest";
import { roomInWindow } from "../../support/rate-window";

const realNow = () => performance.timeOrigin + performance.now();

describe("roomInWindow", () => {
  it("goes on at once when the window has room left", async () => {
    const windowStart = Math.floor(Date.now() / 60_000) * 60_000;
    expect(await roomInWindow(60, 30, windowStart + 10_000)).toBe(0);
    expect(await roomInWindow(60, 30, windowStart)).toBe(0);
  });

  it("waits for the window's end when too little is left", async () => {
    // A one-second window whose end is 40 ms after `now`, and half a second wanted.
    const now = Math.floor(Date.now() / 1000) * 1000 + 960;
    const started = realNow();
    const waited = await roomInWindow(1, 0.5, now);
    expect(waited).toBe(40 + 50);
    expect(realNow() - started).toBeGreaterThanOrEqual(85);
  });
});
