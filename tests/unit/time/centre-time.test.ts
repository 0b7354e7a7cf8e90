import { describe, expect, it } from "vitest";
import { centreOffsetMinutes, resolveWallTime, wallTimeOf } from "@/lib/time/centre-time.shared";

describe("the centre's clocks (Europe/Amsterdam)", () => {
  it("reads an ordinary time in winter and in summer", () => {
    expect(resolveWallTime("2026-01-15", "09:30")).toEqual({
      kind: "exact",
      instant: new Date("2026-01-15T08:30:00Z"),
    });
    expect(resolveWallTime("2026-07-01", "09:30")).toEqual({
      kind: "exact",
      instant: new Date("2026-07-01T07:30:00Z"),
    });
  });

  it("a time the spring change skips lands as far past the jump", () => {
    // 29 March 2026: 02:00 becomes 03:00.
    expect(resolveWallTime("2026-03-29", "02:30")).toEqual({
      kind: "gap",
      instant: new Date("2026-03-29T01:30:00Z"),
    });
    expect(wallTimeOf(new Date("2026-03-29T01:30:00Z"))).toEqual({
      date: "2026-03-29",
      time: "03:30",
    });
    expect(resolveWallTime("2026-03-29", "03:00")).toEqual({
      kind: "exact",
      instant: new Date("2026-03-29T01:00:00Z"),
    });
  });

  it("a time the autumn change shows twice has both moments, summer time first", () => {
    // 25 October 2026: 03:00 becomes 02:00 again.
    expect(resolveWallTime("2026-10-25", "02:30")).toEqual({
      kind: "overlap",
      earlier: new Date("2026-10-25T00:30:00Z"),
      later: new Date("2026-10-25T01:30:00Z"),
    });
    expect(centreOffsetMinutes(new Date("2026-10-25T00:30:00Z"))).toBe(120);
    expect(centreOffsetMinutes(new Date("2026-10-25T01:30:00Z"))).toBe(60);
  });

  it("round-trips through the clocks and refuses what is no date or time", () => {
    const instant = new Date("2026-05-04T16:45:00Z");
    const wall = wallTimeOf(instant);
    expect(wall).toEqual({ date: "2026-05-04", time: "18:45" });
    expect(resolveWallTime(wall.date, wall.time)).toEqual({ kind: "exact", instant });
    for (const [date, time] of [
      ["2026-02-30", "10:00"],
      ["2026-13-01", "10:00"],
      ["2026-01-01", "24:00"],
      ["2026-01-01", "10:60"],
      ["1 januari", "10:00"],
      ["2026-01-01", "10"],
    ]) {
      expect(resolveWallTime(date, time)).toBeNull();
    }
  });
});
