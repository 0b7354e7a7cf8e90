import { readFileSync } from "node:fs";
import path from "node:path";
import postgres from "postgres";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";

/**
 * postgres.js 3.4.9 writes to a socket it has already let go of when Postgres closes a
 * connection that still has bytes to send: an uncaught TypeError that ends the Node process.
 * scripts/patch-postgres-driver.mjs (run after every install) guards it; these tests fail when
 * the guard is missing.
 */
const driverFiles = ["src/connection.js", "cjs/src/connection.js", "cf/src/connection.js"].map(
  (file) => path.resolve("node_modules/postgres", file),
);

describe("the Postgres driver and a connection the server closed", () => {
  it("every installed copy of the driver carries the guard", () => {
    for (const file of driverFiles) {
      expect(readFileSync(file, "utf8"), file).toContain("research-panel: guarded nextWrite");
    }
  });

  if (process.env.TEST_DATABASE_URL) {
    const clients: postgres.Sql[] = [];
    afterAll(async () => {
      await Promise.all(clients.map((client) => client.end({ timeout: 1 })));
    });

    it("queries on a terminated backend are rejected, not thrown past their callers", async () => {
      const db = await getDb();
      const rows = (await db.execute(sql`select current_database() as name`)) as unknown as {
        name: string;
      }[];
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${rows[0].name}`;
      const client = postgres(url.toString(), { max: 1, onnotice: () => {} });
      const admin = postgres(url.toString(), { max: 1, onnotice: () => {} });
      clients.push(client, admin);

      // A reserved connection stays pinned, so the pool cannot swap the closed one away.
      const reserved = await client.reserve();
      const [{ pid }] = await reserved<{ pid: number }[]>`select pg_backend_pid() as pid`;
      await admin`select pg_terminate_backend(${pid})`;
      await new Promise((resolve) => setTimeout(resolve, 200));

      // The second query is over the driver's 1 KB write threshold, so it is written at once.
      const big = "x".repeat(2048);
      const outcomes = await Promise.allSettled([
        reserved`select 1 as one`,
        reserved`select ${big} as big`,
      ]);
      for (const outcome of outcomes) {
        expect(outcome.status).toBe("rejected");
        const reason = (outcome as PromiseRejectedResult).reason as { code?: string };
        expect(reason).toBeInstanceOf(Error);
        expect(reason.code).toMatch(/^(CONNECTION_CLOSED|CONNECTION_ENDED|ECONNRESET|57P01)$/);
      }
      reserved.release();
    }, 20_000);
  }
});
