import "server-only";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { getConfig } from "@/config";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** An open transaction, as `db.transaction` hands it to its callback. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * What a function that writes accepts from its caller: the database itself, or a transaction
 * the caller has opened so that several writes succeed or fail together.
 */
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  close: () => Promise<void>;
};

export const migrationsFolder = path.join(process.cwd(), "db", "migrations");

/** The embedded database's buffer cache; see `openPglite`. */
export const PGLITE_SHARED_BUFFERS = "16MB";

/** Opens the embedded database in `dir` and brings its schema up to date. */
export async function openPglite(dir: string | undefined): Promise<Database> {
  const [{ PGlite }, { drizzle }, { migrate }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("drizzle-orm/pglite"),
    import("drizzle-orm/pglite/migrator"),
  ]);
  // Postgres's default 128 MB of shared buffers would live in this process's memory (PGlite
  // touches all of it at start), on top of the operating system's file cache that already holds
  // the data files. 16 MB keeps the hot pages and saves about 110 MB of resident memory.
  const options = {
    startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  };
  // PGlite creates its own folder but not the ones above it: a first `next start` on a fresh
  // checkout (no `.data/` yet) would fail every request. URLs such as memory:// are no folders.
  if (dir && !dir.includes("://")) await mkdir(dir, { recursive: true });
  const client = dir ? new PGlite(dir, options) : new PGlite(options);
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: "pglite", close: () => client.close() };
}

/** Connects to a Postgres server; its schema is migrated by `npm run db:migrate`. */
export async function openPostgres(url: string, max = 10): Promise<Database> {
  const [{ default: postgres }, { drizzle }] = await Promise.all([
    import("postgres"),
    import("drizzle-orm/postgres-js"),
  ]);
  // No type lookup on connect: no column is an array of a custom type, and a connection dropped
  // during that lookup would reject a promise nobody awaits (and take the process down).
  // Queries run as prepared statements (postgres.js's default `prepare`, which Drizzle follows
  // through patches/drizzle-orm+0.45.4.patch); `?prepare=false` in the URL turns them off.
  const client = postgres(url, { max, onnotice: () => {}, fetch_types: false });
  const db = drizzle(client, { schema });
  return { db: db as unknown as Db, kind: "postgres", close: () => client.end({ timeout: 5 }) };
}

const holderKey = Symbol.for("research-panel.database");
type Holder = { [holderKey]?: Promise<Database> };

/**
 * The one database of this process. Kept on globalThis because Next.js may load this module in
 * several bundles, and a second PGlite on the same folder would corrupt it.
 */
export function getDatabase(): Promise<Database> {
  const g = globalThis as Holder;
  if (!g[holderKey]) {
    const config = getConfig();
    const opening = config.databaseUrl
      ? openPostgres(config.databaseUrl)
      : openPglite(config.pgliteDir);
    // A failed open must not poison the cache forever: the next request tries again.
    opening.catch(() => {
      if (g[holderKey] === opening) delete g[holderKey];
    });
    g[holderKey] = opening;
  }
  return g[holderKey];
}

export async function getDb(): Promise<Db> {
  return (await getDatabase()).db;
}

/** The caller's transaction when there is one, otherwise the database. */
export async function dbOr(tx: DbOrTx | undefined): Promise<DbOrTx> {
  return tx ?? getDb();
}

/**
 * Runs `work` in a transaction: a new one, or a savepoint inside the caller's, so a function
 * that needs its writes to be atomic still composes into a larger transaction. `config`
 * (isolation level, read-only) applies to a new transaction; inside the caller's, the caller's
 * settings hold.
 */
export async function transaction<T>(
  tx: DbOrTx | undefined,
  work: (tx: Tx) => Promise<T>,
  config?: Parameters<Db["transaction"]>[1],
): Promise<T> {
  if (tx) return tx.transaction(work);
  return (await getDb()).transaction(work, config);
}

/** Installs an already opened database as this process's one (used by scripts and tests). */
export function installDatabase(database: Database): void {
  (globalThis as Holder)[holderKey] = Promise.resolve(database);
}

export { schema };
