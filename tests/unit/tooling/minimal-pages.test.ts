import { describe, expect, it } from "vitest";
import { MINIMAL_PAGES, nearestInSize } from "@/bench/minimal-app";

/** The bench pairs each public page with the minimal page nearest to it in HTML size. */
describe("the minimal app's pages", () => {
  it("serve / first and every sized page once", () => {
    expect(MINIMAL_PAGES[0]).toBe("/");
    expect(new Set(MINIMAL_PAGES).size).toBe(MINIMAL_PAGES.length);
    expect(MINIMAL_PAGES).toContain("/size-28");
    expect(MINIMAL_PAGES).toContain("/size-84");
    expect(MINIMAL_PAGES).not.toContain("/size-36");
  });

  it("pick the page nearest in size, above or below", () => {
    const sizes = new Map([
      ["/", 22_000],
      ["/size-38", 23_000],
      ["/size-40", 24_000],
    ]);
    expect(nearestInSize(sizes, 20_000)).toBe("/");
    expect(nearestInSize(sizes, 22_400)).toBe("/");
    expect(nearestInSize(sizes, 22_600)).toBe("/size-38");
    expect(nearestInSize(sizes, 23_900)).toBe("/size-40");
    expect(nearestInSize(sizes, 90_000)).toBe("/size-40");
    // Two as near: the first.
    expect(nearestInSize(sizes, 22_500)).toBe("/");
  });

  it("refuse to compare with nothing", () => {
    expect(() => nearestInSize(new Map(), 1)).toThrow(/no minimal page/);
  });
});
