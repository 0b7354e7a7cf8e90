import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { migrationsFolder, openPglite, openPostgres, type Database } from "@/db/client";
import { seedDemo } from "@/lib/demo/seed";

export type Backend = "pglite" | "postgres";
export const BENCH_ADMIN_URL = "postgres://postgres@127.0.0.1:5432/test";
export const BENCH_DB = "rp_bench";

export function postgresReachable(): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(5432, "127.0.0.1");
    s.setTimeout(2000);
    s.on("connect", () => {
      s.end();
      resolve(true);
    });
    s.on("error", () => resolve(false));
    s.on("timeout", () => resolve(false));
  });
}

export function benchUrl(name = BENCH_DB): string {
  const u = new URL(BENCH_ADMIN_URL);
  u.pathname = `/${name}`;
  return u.toString();
}

/** A database of its own for one scenario: migrated and empty. */
export type BenchDatabase = {
  database: Database;
  /** What a server started on it needs. */
  env: Record<string, string>;
  /** Opens it again (after `database` was closed). */
  reopen: () => Promise<Database>;
  /** Removes it. */
  discard: () => Promise<void>;
};

/**
 * A fresh, migrated database: an embedded one in a new temporary folder, or a Postgres database
 * `name` created again from nothing on the local server.
 */
export async function freshDatabase(backend: Backend, name = BENCH_DB): Promise<BenchDatabase> {
  if (backend === "pglite") {
    const dir = path.join(mkdtempSync(path.join(os.tmpdir(), "rp-bench-")), "db");
    return {
      database: await openPglite(dir),
      env: { PGLITE_DIR: dir, DATABASE_URL: "" },
      reopen: () => openPglite(dir),
      discard: async () => rmSync(path.dirname(dir), { recursive: true, force: true }),
    };
  }
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const { migrate } = await import("drizzle-orm/postgres-js/migrator");
  const url = benchUrl(name);
  const admin = postgres(BENCH_ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const client = postgres(url, { max: 1, onnotice: () => {} });
  await migrate(drizzle(client), { migrationsFolder });
  await client.end();
  return {
    database: await openPostgres(url, 4),
    env: { DATABASE_URL: url },
    reopen: () => openPostgres(url, 2),
    discard: async () => {
      const cleanup = postgres(BENCH_ADMIN_URL, { max: 1, onnotice: () => {} });
      await cleanup.unsafe(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** A fresh database with the demo content; returns the environment the server needs. */
export async function prepareDatabase(backend: Backend): Promise<Record<string, string>> {
  const { database, env } = await freshDatabase(backend);
  await seedDemo(database.db);
  await database.close();
  return env;
}
