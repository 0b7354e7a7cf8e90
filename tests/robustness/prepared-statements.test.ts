import { createRequire } from "node:module";
import { eq, sql } from "drizzle-orm";
import type { drizzle as drizzleEsm } from "drizzle-orm/postgres-js";
import type postgresEsm from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgres, type Database, type DbOrTx } from "@/db/client";
import { studies } from "@/db/schema";
import { rowsOf } from "@/db/rows";
import { databaseUrl, onPostgres } from "../support/robustness/postgres";

/**
 * Ordinary queries on Postgres run as prepared statements (patches/drizzle-orm+0.45.4.patch).
 * Unpatched, drizzle sends them unprepared, and postgres.js then asks the server for the types
 * of a query's parameters before every query: two round trips each, a connection held across
 * both, and the statement parsed and planned again every time. A connection string with
 * `?prepare=false` (for a pooler in transaction mode) turns it off.
 */

/** The text of every statement prepared on the connection that runs this query. */
async function preparedStatements(db: DbOrTx): Promise<string[]> {
  const rows = rowsOf<{ statement: string }>(
    await db.execute(sql`select statement from pg_prepared_statements`),
  );
  return rows.map((row) => row.statement);
}

/** A select and a select inside a transaction, each twice, with a parameter; and a named one. */
async function runQueries(db: DbOrTx) {
  // As db/prepared.ts builds the hot statements: named, with a placeholder.
  const named = db
    .select({ id: studies.id })
    .from(studies)
    .where(eq(studies.shortDescription, sql.placeholder("text")))
    .prepare("studies_by_short_description");
  for (let i = 0; i < 2; i++) {
    await named.execute({ text: `text ${i}` });
    await db
      .select({ id: studies.id })
      .from(studies)
      .where(eq(studies.id, 42 + i));
    await db.transaction((tx) =>
      tx
        .select({ id: studies.id })
        .from(studies)
        .where(eq(studies.name, `study ${i}`)),
    );
  }
}

const byId = /from "studies" where "studies"\."id" = \$1/;
const byName = /from "studies" where "studies"\."name" = \$1/;
const byShortDescription = /from "studies" where "studies"\."short_description" = \$1/;

describe.runIf(onPostgres)("queries on Postgres", () => {
  let url = "";
  const opened: Database[] = [];

  beforeAll(async () => {
    url = await databaseUrl();
  });
  afterAll(async () => {
    await Promise.all(opened.map((database) => database.close()));
  });

  /** The app's own factory, on one connection so the statements listed are the query's. */
  async function open(address: string) {
    const database = await openPostgres(address, 1);
    opened.push(database);
    return database.db;
  }

  it("run as prepared statements, inside transactions too, each prepared once", async () => {
    const db = await open(url);
    await runQueries(db);
    const statements = await preparedStatements(db);
    expect(statements.filter((s) => byId.test(s))).toHaveLength(1);
    expect(statements.filter((s) => byName.test(s))).toHaveLength(1);
    expect(statements.filter((s) => byShortDescription.test(s))).toHaveLength(1);
  });

  it("run unprepared with ?prepare=false in the connection string", async () => {
    const db = await open(`${url}${url.includes("?") ? "&" : "?"}prepare=false`);
    await runQueries(db);
    const statements = await preparedStatements(db);
    // Named ones too (db/prepared.ts): postgres.js prepares nothing on a client made with
    // `prepare: false`, whatever a query asks; a pooler that cannot keep them would fail them.
    expect(
      statements.some((s) => byId.test(s) || byName.test(s) || byShortDescription.test(s)),
    ).toBe(false);
  });

  it("run as prepared statements through the CommonJS builds as well", async () => {
    const require = createRequire(import.meta.url);
    const postgres = require("postgres") as typeof postgresEsm;
    const { drizzle } = require("drizzle-orm/postgres-js") as { drizzle: typeof drizzleEsm };
    const client = postgres(url, { max: 1, onnotice: () => {}, fetch_types: false });
    try {
      const db = drizzle(client) as unknown as DbOrTx;
      await runQueries(db);
      const statements = await preparedStatements(db);
      expect(statements.filter((s) => byId.test(s))).toHaveLength(1);
      expect(statements.filter((s) => byName.test(s))).toHaveLength(1);
    } finally {
      await client.end({ timeout: 1 });
    }
  });
});
