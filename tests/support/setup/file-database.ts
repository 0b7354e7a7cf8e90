import { readFileSync } from "node:fs";
import { afterAll, beforeAll, inject } from "vitest";
import { installDatabase, openPostgres, schema, type Database } from "@/db/client";
import { withDatabaseName } from "./global-database";

let database: Database | undefined;
let dropDatabase: (() => Promise<void>) | undefined;

// Every integration test file gets a fresh, migrated database of its own.
beforeAll(async () => {
  const target = inject("testDatabase");
  if (target.kind === "pglite") {
    const { PGlite } = await import("@electric-sql/pglite");
    const { drizzle } = await import("drizzle-orm/pglite");
    const client = new PGlite({ loadDataDir: new Blob([readFileSync(target.dumpPath)]) });
    const db = drizzle(client, { schema });
    database = {
      db: db as unknown as Database["db"],
      kind: "pglite",
      close: () => client.close(),
    };
  } else {
    const { default: postgres } = await import("postgres");
    const name = `rp_test_f${Math.random().toString(36).slice(2, 10)}_${target.template.split("_").slice(-2).join("_")}`;
    const admin = postgres(target.adminUrl, { max: 1, onnotice: () => {} });
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.unsafe(`create database "${name}" template "${target.template}"`);
        break;
      } catch (error) {
        // Two files copying the template at the same moment can collide; try again shortly.
        if (attempt >= 20) throw error;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
    database = await openPostgres(withDatabaseName(target.adminUrl, name), 5);
    dropDatabase = async () => {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    };
  }
  installDatabase(database);
});

afterAll(async () => {
  await database?.close();
  await dropDatabase?.();
});
