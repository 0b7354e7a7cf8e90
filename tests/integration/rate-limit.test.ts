import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { rateLimits } from "@/db/schema";
import { consumeRateLimit, sweepRateLimits } from "@/lib/rate-limit/limiter";

describe("rate-limit counters", () => {
  it("count within a window and start again in the next", async () => {
    const rule = { key: "t:count", limit: 2, windowSeconds: 60 };
    const t0 = new Date("2026-11-22T10:00:05Z");
    expect((await consumeRateLimit(rule, t0)).allowed).toBe(true);
    expect((await consumeRateLimit(rule, t0)).allowed).toBe(true);
    const third = await consumeRateLimit(rule, t0);
    expect(third.allowed).toBe(false);
    expect(third.retryAfterSeconds).toBe(55);
    expect((await consumeRateLimit(rule, new Date("2026-11-22T10:01:00Z"))).allowed).toBe(true);
  });

  it("are swept once their window has closed", async () => {
    const db = await getDb();
    const now = new Date("2026-11-22T12:00:00Z");
    await consumeRateLimit(
      { key: "t:old", limit: 5, windowSeconds: 3600 },
      new Date("2026-11-22T10:30:00Z"),
    );
    await consumeRateLimit(
      { key: "t:recent", limit: 5, windowSeconds: 600 },
      new Date("2026-11-22T11:55:00Z"),
    );
    await sweepRateLimits(now);
    const keys = (await db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
    expect(keys).toContain("t:recent");
    expect(keys).not.toContain("t:old");
  });

  it("refuse a window longer than the sweep allows for", async () => {
    await expect(
      consumeRateLimit({ key: "t:long", limit: 1, windowSeconds: 7200 }),
    ).rejects.toThrow(/longer than/);
  });
});
