import { describe, expect, it } from "vitest";
import { secureRandomBytes } from "@/lib/crypto/random";

describe("secure random bytes from the pool", () => {
  it("hands out every slice once, across refills of the pool", () => {
    const seen = new Set<string>();
    // 2,000 draws of 32 bytes go through the 4 kB pool about sixteen times.
    for (let i = 0; i < 2000; i++) {
      const bytes = secureRandomBytes(32);
      expect(bytes).toHaveLength(32);
      seen.add(bytes.toString("hex"));
    }
    expect(seen.size).toBe(2000);
  });

  it("gives each caller bytes of its own: later draws and refills leave them as they were", () => {
    const first = secureRandomBytes(12);
    const copy = Buffer.from(first);
    for (let i = 0; i < 1000; i++) secureRandomBytes(20);
    expect(first.equals(copy)).toBe(true);
    first.fill(0);
    expect(secureRandomBytes(12).equals(Buffer.alloc(12))).toBe(false);
  });

  it("looks random: every byte value turns up in 64 kB", () => {
    const counts = new Array<number>(256).fill(0);
    for (let i = 0; i < 1024; i++) for (const byte of secureRandomBytes(64)) counts[byte]++;
    expect(Math.min(...counts)).toBeGreaterThan(0);
  });

  it("serves large draws and empty ones, and refuses sizes that are not a byte count", () => {
    expect(secureRandomBytes(5000)).toHaveLength(5000);
    expect(secureRandomBytes(0)).toHaveLength(0);
    expect(() => secureRandomBytes(-1)).toThrow(RangeError);
    expect(() => secureRandomBytes(1.5)).toThrow(RangeError);
  });
});
