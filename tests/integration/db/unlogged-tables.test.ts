import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { rowsOf } from "@/db/rows";

/**
 * The rate-limit counters alone are written to no WAL (migration 0014): a site-wide ceiling is
 * one row every request of its feature updates, and a logged update holds it until its commit is
 * flushed. Everything else must survive a crash of the database server.
 */
describe("tables written to no WAL", () => {
  it("are the rate-limit counters and nothing else", async () => {
    const db = await getDb();
    const rows = rowsOf<{ relname: string }>(
      await db.execute(
        sql`select relname from pg_class where relkind = 'r' and relpersistence = 'u' and relnamespace = 'public'::regnamespace order by relname`,
      ),
    );
    expect(rows.map((row) => row.relname)).toEqual(["rate_limits"]);
  });
});
