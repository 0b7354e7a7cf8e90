import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cutOff, pct, roundUp, times } from "@/bench/format";

/**
 * A figure as the fraction a / b of two integers, so a property can say exactly, in integers,
 * whether it meets a budget.
 */
const FRACTION = [fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 1, max: 1000 })] as const;

/** A ratio beside a budget: what the bench prints must never read as met when it is not. */
describe("the bench's percentages", () => {
  it("cut off rather than round, so a ratio just under a budget does not print as it", () => {
    expect(pct(4492, 5634)).toBe("79 %"); // 79.7 %: a static file that missed its 80 %
    expect(pct(699, 1000)).toBe("69 %");
    expect(pct(800, 1000)).toBe("80 %");
    expect(pct(29, 100)).toBe("29 %");
    expect(pct(1327, 1238)).toBe("107 %");
  });

  it("print a figure at or above a whole budget only when the ratio meets it", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 1, max: 150 }),
        (a, b, budget) => {
          const printed = Number(pct(a, b).replace(" %", ""));
          expect(printed >= budget).toBe(a * 100 >= budget * b);
        },
      ),
    );
  });

  it("round a multiple up, so a p99 just over its budget does not print as within it", () => {
    expect(times(2.004)).toBe("2.01×");
    expect(times(2)).toBe("2.00×");
    expect(times(1.26)).toBe("1.26×");
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        (a, b) => {
          const printed = Number(times(a / b).replace("×", ""));
          expect(printed <= 2).toBe(a <= 2 * b);
        },
      ),
    );
  });

  it("cut a rate off at its digits, so 0.896 of a rate is not printed as the 0.9 it misses", () => {
    expect(cutOff(0.896, 2)).toBe("0.89");
    expect(cutOff(0.9, 2)).toBe("0.90");
    expect(cutOff(3.98 / 4, 2)).toBe("0.99");
  });

  it("round a change up, so memory that grew 10.04 % does not print as within 10 %", () => {
    expect(roundUp(10.04, 1)).toBe("10.1");
    expect(roundUp(10, 1)).toBe("10.0");
    expect(roundUp(0, 1)).toBe("0.0");
    // a / b percent beside a budget of at most 10 %.
    fc.assert(
      fc.property(...FRACTION, (a, b) => {
        expect(Number(roundUp(a / b, 1)) <= 10).toBe(a <= 10 * b);
      }),
    );
  });

  it("cut a time off beside a strict budget, so 19.96 ms reads as the under 20 ms it is", () => {
    expect(cutOff(19.96, 1)).toBe("19.9");
    expect(cutOff(20, 1)).toBe("20.0");
    // a / b milliseconds beside a budget of under 20 ms.
    fc.assert(
      fc.property(...FRACTION, (a, b) => {
        expect(Number(cutOff(a / b, 1)) < 20).toBe(a < 20 * b);
      }),
    );
  });
});
