import { describe, expect, it } from "vitest";
import { countInOneWindow, roomInWindow } from "../../support/rate-window";

const HOUR_MS = 3_600_000;
const realNow = () => performance.timeOrigin + performance.now();
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("countInOneWindow", () => {
  it("stops Date at the start of the next hour, where every window begins", async () => {
    const before = realNow();
    const start = countInOneWindow();
    expect(start.getTime() % HOUR_MS).toBe(0);
    expect(start.getTime()).toBeGreaterThan(before);
    expect(start.getTime() - before).toBeLessThanOrEqual(HOUR_MS);
    expect(Date.now()).toBe(start.getTime());
    expect(new Date().getTime()).toBe(start.getTime());
    // Timers stay real, and the clock does not move while they run.
    await pause(30);
    expect(Date.now()).toBe(start.getTime());
  });

  it("gives the real clock back when the test ends", () => {
    expect(Math.abs(Date.now() - realNow())).toBeLessThan(1000);
  });
});

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
