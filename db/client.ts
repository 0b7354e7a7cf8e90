import path from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { getConfig } from "@/lib/config";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  close: () => Promise<void>;
};

export const migrationsFolder = path.join(process.cwd(), "db", "migrations");

/** Opens the embedded database in `dir` and brings its schema up to date. */
export async function openPglite(dir: string | undefined): Promise<Database> {
  const [{ PGlite }, { drizzle }, { migrate }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("drizzle-orm/pglite"),
    import("drizzle-orm/pglite/migrator"),
  ]);
  const client = dir ? new PGlite(dir) : new PGlite();
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
  const client = postgres(url, { max, onnotice: () => {} });
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

/** Installs an already opened database as this process's one (used by scripts and tests). */
export function installDatabase(database: Database): void {
  (globalThis as Holder)[holderKey] = Promise.resolve(database);
}

export { schema };
