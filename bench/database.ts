import { mkdtempSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { migrationsFolder, openPglite } from "@/db/client";
import * as schema from "@/db/schema";
import { seedDemo } from "@/lib/demo/seed";
import type { Db } from "@/db/client";

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

export function benchUrl(): string {
  const u = new URL(BENCH_ADMIN_URL);
  u.pathname = `/${BENCH_DB}`;
  return u.toString();
}

/** A fresh database with the demo content; returns the environment the server needs. */
export async function prepareDatabase(backend: Backend): Promise<Record<string, string>> {
  if (backend === "pglite") {
    const dir = path.join(mkdtempSync(path.join(os.tmpdir(), "rp-bench-")), "pglite");
    const database = await openPglite(dir);
    await seedDemo(database.db);
    await database.close();
    return { PGLITE_DIR: dir, DATABASE_URL: "" };
  }
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const { migrate } = await import("drizzle-orm/postgres-js/migrator");
  const admin = postgres(BENCH_ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${BENCH_DB} with (force)`);
  await admin.unsafe(`create database ${BENCH_DB}`);
  await admin.end();
  const client = postgres(benchUrl(), { max: 1, onnotice: () => {} });
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  await seedDemo(db as unknown as Db);
  await client.end();
  return { DATABASE_URL: benchUrl() };
}
