import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { rawStatement } from "@/db/prepared";
import { rowsOf } from "@/db/rows";
import { rateLimits } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { ErrorCode } from "@/lib/errors/codes.shared";
import {
  consumeRateLimit,
  enforceRateLimits,
  releaseRateLimit,
  sweepRateLimits,
} from "@/lib/rate-limit/limiter";
import { limitPartsFor, limitsInStatement } from "@/lib/rate-limit/in-statement";
import { MEMORY_COUNTER_LIMIT } from "@/lib/rate-limit/memory";
import type { RateLimitRule } from "@/lib/rate-limit/rule";
import { withEnv } from "../support/config";

afterEach(() => vi.restoreAllMocks());

async function storedKeys(): Promise<string[]> {
  const db = await getDb();
  return (await db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
}

/** The hashed part of a stored key (what follows the readable feature name). */
const hashOf = (key: string) => key.slice(key.indexOf(":") + 1);

describe("rate-limit counters", () => {
  it("count within a window and start again in the next", async () => {
    const rule = { feature: "t-count", subject: "a", limit: 2, windowSeconds: 60 };
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
      { feature: "t-old", subject: "a", limit: 5, windowSeconds: 3600 },
      new Date("2026-11-22T10:30:00Z"),
    );
    await consumeRateLimit(
      { feature: "t-recent", subject: "a", limit: 5, windowSeconds: 600 },
      new Date("2026-11-22T11:55:00Z"),
    );
    await sweepRateLimits(now);
    const keys = (await db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
    expect(keys.some((k) => k.startsWith("t-recent:"))).toBe(true);
    expect(keys.some((k) => k.startsWith("t-old:"))).toBe(false);
  });

  it("are swept now and then by the counting itself: when its coin says so, and only then", async () => {
    const old = { feature: "t-coin-old", subject: "a", limit: 5, windowSeconds: 3600 };
    const rule = { feature: "t-coin", subject: "a", limit: 5, windowSeconds: 60 };
    const now = new Date("2026-11-23T12:00:00Z");
    await consumeRateLimit(old, new Date("2026-11-23T10:30:00Z"));
    const coin = vi.spyOn(Math, "random").mockReturnValue(0.5);
    await consumeRateLimit(rule, now);
    expect((await storedKeys()).some((k) => k.startsWith("t-coin-old:"))).toBe(true);
    coin.mockReturnValue(0.001);
    await consumeRateLimit(rule, now);
    expect((await storedKeys()).some((k) => k.startsWith("t-coin-old:"))).toBe(false);
  });

  it("refuse a window longer than the sweep allows for", async () => {
    await expect(
      consumeRateLimit({ feature: "t-long", subject: "a", limit: 1, windowSeconds: 7200 }),
    ).rejects.toThrow(/longer than/);
  });

  it("give one client's counters of two features, and of two windows, unrelated keys", async () => {
    const t0 = new Date("2026-11-22T10:00:05Z");
    const client = "c0123456789abcdef";
    await consumeRateLimit(
      { feature: "panel-signup", subject: client, limit: 5, windowSeconds: 600 },
      t0,
    );
    await consumeRateLimit(
      { feature: "panel-verify", subject: client, limit: 5, windowSeconds: 600 },
      t0,
    );
    await consumeRateLimit(
      { feature: "panel-signup", subject: client, limit: 5, windowSeconds: 600 },
      new Date("2026-11-22T10:10:05Z"),
    );
    const keys = (await storedKeys()).filter((k) => k.startsWith("panel-"));
    expect(keys).toHaveLength(3);
    const hashes = keys.map(hashOf);
    expect(new Set(hashes).size).toBe(3);
    // No shared part either: not a common suffix or prefix of any length worth mentioning.
    for (const a of hashes) {
      for (const b of hashes) {
        if (a === b) continue;
        expect(a.slice(-8)).not.toBe(b.slice(-8));
        expect(a.slice(0, 8)).not.toBe(b.slice(0, 8));
      }
    }
    expect(keys.join(" ")).not.toContain(client);
  });

  it("count a memory rule in this instance only, writing nothing to the database", async () => {
    const rule = {
      feature: "t-memory",
      subject: "c-memory",
      limit: 2,
      windowSeconds: 60,
      store: "memory" as const,
    };
    const t0 = new Date("2026-11-22T10:00:05Z");
    expect((await consumeRateLimit(rule, t0)).allowed).toBe(true);
    expect((await consumeRateLimit(rule, t0)).allowed).toBe(true);
    const third = await consumeRateLimit(rule, t0);
    expect(third).toMatchObject({ allowed: false, count: 3, retryAfterSeconds: 55 });
    await releaseRateLimit(rule, t0);
    expect((await consumeRateLimit(rule, t0)).count).toBe(3);
    expect((await consumeRateLimit(rule, new Date("2026-11-22T10:01:00Z"))).count).toBe(1);
    expect((await storedKeys()).filter((k) => k.startsWith("t-memory"))).toEqual([]);
  });

  it("keep the memory store bounded: the oldest counters give way", async () => {
    const t0 = new Date("2026-11-22T11:00:05Z");
    const rule = (subject: string) => ({
      feature: "t-bound",
      subject,
      limit: 1,
      windowSeconds: 600,
      store: "memory" as const,
    });
    expect((await consumeRateLimit(rule("first"), t0)).count).toBe(1);
    expect((await consumeRateLimit(rule("first"), t0)).count).toBe(2);
    for (let i = 0; i < MEMORY_COUNTER_LIMIT; i++) await consumeRateLimit(rule(`s${i}`), t0);
    // Pushed out by newer counters, the first one starts again instead of the map growing.
    expect((await consumeRateLimit(rule("first"), t0)).count).toBe(1);
    expect((await consumeRateLimit(rule(`s${MEMORY_COUNTER_LIMIT - 1}`), t0)).count).toBe(2);
  });

  it("give back a unit in the database, of that counter only and never below zero", async () => {
    const t0 = new Date("2026-11-22T10:00:05Z");
    const rule = (subject: string) => ({ feature: "t-give", subject, limit: 5, windowSeconds: 60 });
    await consumeRateLimit(rule("a"), t0);
    await consumeRateLimit(rule("a"), t0);
    await consumeRateLimit(rule("b"), t0);
    await releaseRateLimit(rule("a"), t0);
    expect((await consumeRateLimit(rule("a"), t0)).count).toBe(2);
    expect((await consumeRateLimit(rule("b"), t0)).count).toBe(2);
    for (let i = 0; i < 3; i++) await releaseRateLimit(rule("b"), t0);
    expect((await consumeRateLimit(rule("b"), t0)).count).toBe(1);
    // A unit given back in another window leaves this one's counter alone.
    await releaseRateLimit(rule("a"), new Date("2026-11-22T10:01:05Z"));
    expect((await consumeRateLimit(rule("a"), t0)).count).toBe(3);
  });

  it("sweep closed windows on about one count in a hundred", async () => {
    const old = new Date("2026-11-22T10:30:00Z");
    const now = new Date("2026-11-22T12:00:00Z");
    const rule = { feature: "t-sweep", subject: "a", limit: 5, windowSeconds: 600 };
    const oldRow = async () => (await storedKeys()).some((k) => k.startsWith("t-old-row:"));
    await consumeRateLimit({ ...rule, feature: "t-old-row" }, old);
    const random = vi.spyOn(Math, "random").mockReturnValue(0.01);
    await consumeRateLimit(rule, now);
    expect(await oldRow()).toBe(true);
    random.mockReturnValue(0.0099);
    await consumeRateLimit(rule, now);
    expect(await oldRow()).toBe(false);
  });

  it("apply RATE_LIMIT_SCALE to every limit", async () => {
    const rule = { feature: "t-scale", subject: "a", limit: 2, windowSeconds: 60 };
    const t0 = new Date("2026-11-22T10:00:05Z");
    await withEnv({ RATE_LIMIT_SCALE: "2" }, async () => {
      for (let i = 1; i <= 4; i++) expect((await consumeRateLimit(rule, t0)).allowed).toBe(true);
      expect((await consumeRateLimit(rule, t0)).allowed).toBe(false);
    });
  });
});

describe("enforceRateLimits", () => {
  const t0 = new Date("2026-11-22T10:00:05Z");
  const client = { feature: "t-client", subject: "a", limit: 5, windowSeconds: 60 };
  const ceiling = { feature: "t-ceiling", subject: "*", limit: 1, windowSeconds: 600 };

  it("answers the rules it counted, in order", async () => {
    expect(await enforceRateLimits([client, ceiling], t0)).toEqual([client, ceiling]);
    expect(await enforceRateLimits([], t0)).toEqual([]);
  });

  it("refuses with code 23 and Retry-After, giving back what the rules before took", async () => {
    // Counters of their own: the test before has used the others.
    const client = { feature: "t-client-2", subject: "a", limit: 5, windowSeconds: 60 };
    const ceiling = { feature: "t-ceiling-2", subject: "*", limit: 1, windowSeconds: 600 };
    await enforceRateLimits([client, ceiling], t0);
    const refused = await enforceRateLimits([client, ceiling], t0).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: ErrorCode.RATE_LIMITED, retryAfterSeconds: 595 });
    // The client's unit of the refused request was given back: this is its second.
    expect((await consumeRateLimit(client, t0)).count).toBe(2);
  });
});

const writtenWhereAllowed = rawStatement((counters: number) => {
  const limits = limitPartsFor(counters);
  return sql`
    with ${limits.counting}, written as (
      insert into rate_limits (key, window_start, count)
      select ${sql.placeholder("key")}::text, now(), 1 where ${limits.allowed}
      returning key
    )
    select ${limits.counts} as counts, (select count(*) from written)::int as written
  `;
});

/**
 * Counts `rules` as a request's own statement does (lib/rate-limit/in-statement.ts): here a
 * statement that writes one row where the limits allow it.
 */
async function countedInStatement(rules: RateLimitRule[], now: Date): Promise<void> {
  const limits = await limitsInStatement(rules, now);
  const [row] = rowsOf<{ counts: unknown; written: number }>(
    await writtenWhereAllowed(limits.shape, { ...limits.values, key: `t-written:${randomUUID()}` }),
  );
  // The statement's own write happens exactly when the limits allow the request.
  const refusal = await limits.settle(row.counts).catch((error: unknown) => error);
  expect(row.written).toBe(refusal === undefined ? 1 : 0);
  if (refusal !== undefined) throw refusal;
}

describe("enforceRateLimits, counting a request's rules at once", () => {
  const t0 = new Date("2026-11-22T10:00:05Z");
  let run = 0;
  const fresh = () => `t-batch-${++run}-${Math.random().toString(36).slice(2, 8)}`;

  it("writes every database rule of a request in one statement", async () => {
    const db = await getDb();
    const insert = vi.spyOn(db, "insert");
    const feature = fresh();
    const rules = [
      { feature: `${feature}-client`, subject: "a", limit: 5, windowSeconds: 60 },
      { feature: `${feature}-address`, subject: "x@example.org", limit: 5, windowSeconds: 3600 },
      { feature: `${feature}-site`, subject: "*", limit: 5, windowSeconds: 600 },
    ];
    await enforceRateLimits(rules, t0);
    expect(insert).toHaveBeenCalledTimes(1);
    for (const rule of rules) expect((await consumeRateLimit(rule, t0)).count).toBe(2);
  });

  it("counts a counter named twice twice, with consecutive counts", async () => {
    const rule = { feature: fresh(), subject: "a", limit: 3, windowSeconds: 60 };
    await enforceRateLimits([rule, rule], t0);
    // The third and fourth units: the fourth is over the limit of 3, and is the one kept.
    const refused = await enforceRateLimits([rule, rule], t0).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: ErrorCode.RATE_LIMITED });
    expect((await consumeRateLimit(rule, t0)).count).toBe(4);
  });

  it("gives back the units of the rules after the refusing one too", async () => {
    const feature = fresh();
    const client = { feature: `${feature}-client`, subject: "a", limit: 5, windowSeconds: 60 };
    const full = { feature: `${feature}-address`, subject: "a", limit: 0, windowSeconds: 60 };
    const ceiling = { feature: `${feature}-site`, subject: "*", limit: 5, windowSeconds: 600 };
    const refused = await enforceRateLimits([client, full, ceiling], t0).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: ErrorCode.RATE_LIMITED, retryAfterSeconds: 55 });
    expect((await consumeRateLimit(client, t0)).count).toBe(1);
    expect((await consumeRateLimit(full, t0)).count).toBe(2);
    expect((await consumeRateLimit(ceiling, t0)).count).toBe(1);
  });

  it("judges kept rules first and never gives them back", async () => {
    const feature = fresh();
    const junk = { feature: `${feature}-junk`, subject: "a", limit: 2, windowSeconds: 60 };
    const client = { feature: `${feature}-client`, subject: "a", limit: 0, windowSeconds: 60 };
    const ceiling = { feature: `${feature}-site`, subject: "*", limit: 5, windowSeconds: 600 };
    // The client rule refuses: the ceiling's unit goes back, the kept junk unit stays.
    const refused = await enforceRateLimits([client, ceiling], t0, [junk]).catch((e) => e);
    expect(refused).toMatchObject({ code: ErrorCode.RATE_LIMITED });
    expect((await consumeRateLimit(junk, t0)).count).toBe(2);
    expect((await consumeRateLimit(ceiling, t0)).count).toBe(1);
    // Now the junk rule refuses (its third unit): the units after it go back.
    const byJunk = await enforceRateLimits([ceiling], t0, [junk]).catch((e) => e);
    expect(byJunk).toMatchObject({ code: ErrorCode.RATE_LIMITED });
    expect((await consumeRateLimit(junk, t0)).count).toBe(4);
    expect((await consumeRateLimit(ceiling, t0)).count).toBe(2);
  });

  it("lets requests that name the same counters in opposite orders all finish", async () => {
    const feature = fresh();
    const a = { feature: `${feature}-a`, subject: "*", limit: 1000, windowSeconds: 60 };
    const b = { feature: `${feature}-b`, subject: "*", limit: 1000, windowSeconds: 60 };
    await Promise.all(
      Array.from({ length: 40 }, (_, i) => enforceRateLimits(i % 2 ? [a, b] : [b, a], t0)),
    );
    expect((await consumeRateLimit(a, t0)).count).toBe(41);
    expect((await consumeRateLimit(b, t0)).count).toBe(41);
  });

  it("leaves the database alone when an in-memory rule refuses", async () => {
    const feature = fresh();
    const client = {
      feature: `${feature}-client`,
      subject: "a",
      limit: 0,
      windowSeconds: 60,
      store: "memory" as const,
    };
    const ceiling = { feature: `${feature}-site`, subject: "*", limit: 5, windowSeconds: 600 };
    const db = await getDb();
    const insert = vi.spyOn(db, "insert");
    const update = vi.spyOn(db, "update");
    const refused = await enforceRateLimits([client, ceiling], t0).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: ErrorCode.RATE_LIMITED, retryAfterSeconds: 55 });
    expect(insert).not.toHaveBeenCalled();
    expect(update).not.toHaveBeenCalled();
  });

  it.each([
    ["on its own", enforceRateLimits],
    ["by a request's statement", countedInStatement],
  ])(
    "ends with the counts of counting one rule after another, stopping at the first refusal (%s)",
    async (_, count) => {
      // A request is a list of indexes into a few rules with small limits, the first of them
      // perhaps in memory; the model counts them one by one as the limiter once did (the
      // in-memory ones first, as the limiter judges them), giving back what came before a refusal.
      const request = fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 0, maxLength: 4 });
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 4, maxLength: 4 }),
          fc.boolean(),
          fc.array(request, { minLength: 1, maxLength: 8 }),
          async (limits, firstInMemory, requests) => {
            const feature = fresh();
            const rules = limits.map((limit, i) => ({
              feature: `${feature}-${i}`,
              subject: "s",
              limit,
              windowSeconds: 60,
              store: i === 0 && firstInMemory ? ("memory" as const) : undefined,
            }));
            const model = [0, 0, 0, 0];
            for (const indexes of requests) {
              const ordered = [
                ...indexes.filter((i) => rules[i].store === "memory"),
                ...indexes.filter((i) => rules[i].store !== "memory"),
              ];
              const taken: number[] = [];
              let refusedAt = -1;
              for (const i of ordered) {
                model[i] += 1;
                if (model[i] > limits[i]) {
                  refusedAt = i;
                  break;
                }
                taken.push(i);
              }
              if (refusedAt !== -1) for (const i of taken) model[i] = Math.max(model[i] - 1, 0);
              const outcome = await count(
                indexes.map((i) => rules[i]),
                t0,
              ).then(
                () => "allowed",
                (e: unknown) => (e instanceof AppError ? e.code : e),
              );
              expect(outcome).toBe(refusedAt === -1 ? "allowed" : ErrorCode.RATE_LIMITED);
            }
            const db = await getDb();
            const stored = await db.select().from(rateLimits);
            for (const [i, rule] of rules.entries()) {
              if (rule.store === "memory") {
                expect((await consumeRateLimit(rule, t0)).count - 1).toBe(model[i]);
                continue;
              }
              const row = stored.find((r) => r.key.startsWith(`${rule.feature}:`));
              expect(row?.count ?? 0).toBe(model[i]);
            }
          },
        ),
        { numRuns: 40 },
      );
    },
  );
});
