import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, transaction, type DbOrTx } from "@/db/client";
import { preparedQuery } from "@/db/prepared";
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
