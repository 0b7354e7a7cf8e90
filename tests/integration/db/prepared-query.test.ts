import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, transaction, type DbOrTx } from "@/db/client";
import { preparedQuery, rawStatement } from "@/db/prepared";
import { rowsOf } from "@/db/rows";
import { countQueries } from "../../support/queries";
import { rateLimits } from "@/db/schema";

/** A prepared upsert of one counter, counting how often its statement is built. */
function countingQuery() {
  const built: DbOrTx[] = [];
  const run = preparedQuery((db) => {
    built.push(db);
    return db
      .insert(rateLimits)
      .values({
        key: sql.placeholder("key"),
        windowStart: sql.placeholder("windowStart"),
        count: sql.placeholder("count"),
      })
      .onConflictDoUpdate({
        target: [rateLimits.key, rateLimits.windowStart],
        set: { count: sql`${rateLimits.count} + excluded.count` },
      })
      .returning({ count: rateLimits.count })
      .prepare("test_prepared_count");
  });
  return { built, run };
}

const windowStart = new Date("2026-11-27T10:00:00Z");

describe("prepared queries", () => {
  it("are built once per database and answer each call with its own values", async () => {
    const { built, run } = countingQuery();
    const key = `prepared-${Date.now()}`;
    expect(await run({ key, windowStart, count: 2 })).toEqual([{ count: 2 }]);
    expect(await run({ key, windowStart, count: 3 })).toEqual([{ count: 5 }]);
    expect(await run({ key: `${key}-b`, windowStart, count: 1 })).toEqual([{ count: 1 }]);
    expect(built).toHaveLength(1);
    expect(built[0]).toBe(await getDb());
    // The column encoded the Date given for its placeholder, as in any insert.
    const [row] = await (
      await getDb()
    )
      .select({ windowStart: rateLimits.windowStart })
      .from(rateLimits)
      .where(eq(rateLimits.key, key));
    expect(row.windowStart.toISOString()).toBe(windowStart.toISOString());
  });

  it("are built in the caller's transaction and roll back with it", async () => {
    const { built, run } = countingQuery();
    const key = `prepared-tx-${Date.now()}`;
    await expect(
      transaction(undefined, async (tx) => {
        expect(await run({ key, windowStart, count: 4 }, tx)).toEqual([{ count: 4 }]);
        expect(await run({ key, windowStart, count: 1 }, tx)).toEqual([{ count: 5 }]);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(built).toHaveLength(2);
    const db = await getDb();
    expect(built.filter((session) => session === db)).toHaveLength(0);
    expect(await run({ key, windowStart, count: 1 })).toEqual([{ count: 1 }]);
    expect(built).toHaveLength(3);
    expect(built[2]).toBe(db);
  });
});

/** A raw upsert of `shape` counters, counting how often its text is built. */
function countingStatement() {
  const built: number[] = [];
  const run = rawStatement((shape: number) => {
    built.push(shape);
    const rows = Array.from(
      { length: shape },
      (_, i) =>
        sql`(${sql.placeholder(`key_${i}`)}::text, ${sql.placeholder("windowStart")}::timestamptz, ${sql.placeholder(`count_${i}`)}::int)`,
    );
    return sql`
      insert into rate_limits as r (key, window_start, count) values ${sql.join(rows, sql`, `)}
      on conflict (key, window_start) do update set count = r.count + excluded.count
      returning r.key, r.count::int as count
    `;
  });
  return { built, run };
}

const counts = (result: unknown) =>
  rowsOf<{ key: string; count: number }>(result).sort((a, b) => a.key.localeCompare(b.key));

describe("raw statements", () => {
  const at = windowStart.toISOString();

  it("are built once per shape and answer each call with its own values", async () => {
    const { built, run } = countingStatement();
    const key = `raw-${Date.now()}`;
    expect(counts(await run(1, { key_0: key, count_0: 2, windowStart: at }))).toEqual([
      { key, count: 2 },
    ]);
    expect(counts(await run(1, { key_0: key, count_0: 3, windowStart: at }))).toEqual([
      { key, count: 5 },
    ]);
    const two = { key_0: `${key}-a`, count_0: 1, key_1: `${key}-b`, count_1: 7, windowStart: at };
    expect(counts(await run(2, two))).toEqual([
      { key: `${key}-a`, count: 1 },
      { key: `${key}-b`, count: 7 },
    ]);
    expect(counts(await run(2, two))).toEqual([
      { key: `${key}-a`, count: 2 },
      { key: `${key}-b`, count: 14 },
    ]);
    expect(built).toEqual([1, 2]);
  });

  it("run in the caller's transaction and roll back with it", async () => {
    const { built, run } = countingStatement();
    const key = `raw-tx-${Date.now()}`;
    await expect(
      transaction(undefined, async (tx) => {
        await run(1, { key_0: key, count_0: 4, windowStart: at }, tx);
        expect(counts(await run(1, { key_0: key, count_0: 1, windowStart: at }, tx))).toEqual([
          { key, count: 5 },
        ]);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(built).toEqual([1]);
    expect(counts(await run(1, { key_0: key, count_0: 1, windowStart: at }))).toEqual([
      { key, count: 1 },
    ]);
  });

  it("refuse a call missing a value before anything is sent", async () => {
    const { run } = countingStatement();
    const key = `raw-missing-${Date.now()}`;
    const queries = countQueries();
    const refused = await run(1, { key_0: key, windowStart: at }).catch((e: unknown) => e);
    const sent = queries.count();
    queries.restore();
    expect(refused).toBeInstanceOf(Error);
    expect(String(refused)).toContain("count_0");
    // The prepared query was asked, and threw before reaching the driver: no row was written.
    expect(sent).toBe(1);
    const db = await getDb();
    expect(await db.select().from(rateLimits).where(eq(rateLimits.key, key))).toEqual([]);
  });
});
