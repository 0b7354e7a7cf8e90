import { describe, expect, it } from "vitest";
import { centreLocalToUnix, studyClosingFormSchema } from "@/lib/studies/admin-schemas.shared";

const utc = (...parts: [number, number, number, number, number]) => Date.UTC(...parts) / 1000;

describe("the study screen's limit and end date", () => {
  it("reads a date and time on Amsterdam's clocks, winter and summer", () => {
    expect(centreLocalToUnix("2026-12-05T17:00")).toBe(utc(2026, 11, 5, 16, 0));
    expect(centreLocalToUnix("2026-07-01T12:30")).toBe(utc(2026, 6, 1, 10, 30));
    expect(centreLocalToUnix("2026-07-01T12:30:45")).toBe(utc(2026, 6, 1, 10, 30));
  });

  it("moves a skipped time past the spring jump and takes summer time for a doubled one", () => {
    // 29 March 2026: 02:00 becomes 03:00; 02:30 lands at 03:30 summer time (01:30 UTC).
    expect(centreLocalToUnix("2026-03-29T02:30")).toBe(utc(2026, 2, 29, 1, 30));
    // 25 October 2026: 02:30 happens twice; the first is summer time (00:30 UTC).
    expect(centreLocalToUnix("2026-10-25T02:30")).toBe(utc(2026, 9, 25, 0, 30));
  });

  it("refuses what is not a date and time", () => {
    for (const value of ["2026-02-30T10:00", "2026-12-05", "17:00", "tomorrow"]) {
      expect(centreLocalToUnix(value), value).toBeNull();
    }
  });

  it("turns the typed fields into the PUT's, empty clearing either", () => {
    const schema = studyClosingFormSchema();
    expect(schema.parse({ response_limit: " 50 ", closes_at: "2026-12-05T17:00" })).toEqual({
      response_limit: 50,
      closes_at: utc(2026, 11, 5, 16, 0),
    });
    expect(schema.parse({ response_limit: "", closes_at: "" })).toEqual({
      response_limit: null,
      closes_at: null,
    });
  });

  it("refuses a limit that is not a whole number from 1, and a malformed date, by field", () => {
    const schema = studyClosingFormSchema();
    for (const limit of ["0", "-1", "2.5", "1e3", "abc", "1000001"]) {
      const result = schema.safeParse({ response_limit: limit, closes_at: "" });
      expect(result.success, limit).toBe(false);
      expect(result.error?.issues.map((i) => i.path.join("."))).toEqual(["response_limit"]);
    }
    const bad = schema.safeParse({ response_limit: "", closes_at: "2026-13-01T10:00" });
    expect(bad.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["closes_at", "Give a date and a time"],
    ]);
  });
});
