import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";

export type TestDatabaseTarget =
  { kind: "pglite"; dumpPath: string } | { kind: "postgres"; adminUrl: string; template: string };

declare module "vitest" {
  export interface ProvidedContext {
    testDatabase: TestDatabaseTarget;
  }
}

const migrationsFolder = path.resolve(__dirname, "../../../db/migrations");

export function withDatabaseName(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * Migrates one template database per run; each test file then gets its own copy of it
 * (tests/support/setup/file-database.ts): a PGlite loaded from a dump, or CREATE DATABASE … TEMPLATE.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const { default: postgres } = await import("postgres");
    const { drizzle } = await import("drizzle-orm/postgres-js");
    const { migrate } = await import("drizzle-orm/postgres-js/migrator");
    // Every database of this run ends in its id (file copies too: file-database.ts), and only
    // those are dropped at the end: another run on the same server (CI runs two at once) keeps
    // its own, even when this run's process id appears inside that run's names.
    const runId = `${process.pid}_${Date.now()}`;
    const template = `rp_test_tpl_${runId}`;
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${template}"`);
    const client = postgres(withDatabaseName(adminUrl, template), { max: 1, onnotice: () => {} });
    await migrate(drizzle(client), { migrationsFolder });
    await client.end();
    project.provide("testDatabase", { kind: "postgres", adminUrl, template });
    return async () => {
      const leftovers = await admin<{ datname: string }[]>`
        select datname from pg_database where left(datname, 8) = 'rp_test_'
          and right(datname, ${runId.length + 1}) = ${`_${runId}`}`;
      for (const { datname } of leftovers) {
        await admin.unsafe(`drop database if exists "${datname}" with (force)`);
      }
      await admin.end();
    };
  }

  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const pg = new PGlite();
  await migrate(drizzle(pg), { migrationsFolder });
  const dump = await pg.dumpDataDir("none");
  await pg.close();
  const dir = mkdtempSync(path.join(os.tmpdir(), "rp-test-"));
  const dumpPath = path.join(dir, "template.tar");
  writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
  project.provide("testDatabase", { kind: "pglite", dumpPath });
  return () => rmSync(dir, { recursive: true, force: true });
}
