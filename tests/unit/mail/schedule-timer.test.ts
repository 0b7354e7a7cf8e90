import { describe, expect, it } from "vitest";
import { LOOK_AT_LEAST_AFTER_MS, scheduleTimerDelay } from "@/lib/mailings/delivery/schedule-timer";

describe("the schedule timer's wait", () => {
  it("waits for the next message's time, looking again at least every minute", () => {
    expect(scheduleTimerDelay(null)).toBe(60_000);
    expect(scheduleTimerDelay(5 * 60_000)).toBe(60_000);
    expect(scheduleTimerDelay(20_000)).toBe(20_000);
  });

  it("never looks again at once, even for a message already due", () => {
    // Due and not yet started (the loop is busy with another send): without a floor, the timer
    // asked the database again and again with no pause until it was.
    expect(scheduleTimerDelay(0)).toBe(LOOK_AT_LEAST_AFTER_MS);
    expect(scheduleTimerDelay(-5_000)).toBe(LOOK_AT_LEAST_AFTER_MS);
    expect(scheduleTimerDelay(LOOK_AT_LEAST_AFTER_MS + 1)).toBe(LOOK_AT_LEAST_AFTER_MS + 1);
  });
});
