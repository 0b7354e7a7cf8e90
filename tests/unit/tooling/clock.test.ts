import { describe, expect, it } from "vitest";
import { stopClock } from "../../support/clock";

const realNow = () => performance.timeOrigin + performance.now();
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("stopClock", () => {
  it("stops Date at the real time, and it stays there while real timers run", async () => {
    const before = realNow();
    const stopped = stopClock();
    expect(Math.abs(stopped.getTime() - before)).toBeLessThan(1000);
    expect(Date.now()).toBe(stopped.getTime());
    expect(new Date().getTime()).toBe(stopped.getTime());
    await pause(30);
    expect(Date.now()).toBe(stopped.getTime());
  });

  it("gives the real clock back when the test ends", () => {
    expect(Math.abs(Date.now() - realNow())).toBeLessThan(1000);
  });
});
