import { describe, expect, it } from "vitest";
import { unixSeconds } from "@/lib/time/unix.shared";

describe("unixSeconds", () => {
  it("rounds down to the second, also just before a whole second", () => {
    expect(unixSeconds(new Date(1_000_999))).toBe(1000);
    expect(unixSeconds(new Date(0))).toBe(0);
  });
});
