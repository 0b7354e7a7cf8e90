// Applies the committed migrations (db/migrations) to DATABASE_URL, or to the embedded database
// in PGLITE_DIR when it is unset. Plain Node and production dependencies only, so it also runs
// from the standalone build (copied there as scripts/migrate.mjs) and in the container image,
// where neither tsx nor any other development tool exists. It needs no application secrets.
import { fileURLToPath } from "node:url";
import path from "node:path";

// The folder that holds scripts/ and db/: the repository, or the standalone server's folder.
const appRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const migrationsFolder = path.join(appRoot, "db", "migrations");

// Blank counts as unset, as in config.
const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
// A relative folder is taken from the app's folder, where the standalone server also looks.
const pgliteDir = path.resolve(appRoot, process.env.PGLITE_DIR?.trim() || ".data/pglite");

try {
  if (databaseUrl) {
    const { default: postgres } = await import("postgres");
    const { drizzle } = await import("drizzle-orm/postgres-js");
    const { migrate } = await import("drizzle-orm/postgres-js/migrator");
    const client = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    try {
      await migrate(drizzle(client), { migrationsFolder });
    } finally {
      await client.end({ timeout: 5 });
    }
    console.log("Migrations applied to the Postgres database.");
  } else {
    const { PGlite } = await import("@electric-sql/pglite");
    const { drizzle } = await import("drizzle-orm/pglite");
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    const client = new PGlite(pgliteDir);
    try {
      await migrate(drizzle(client), { migrationsFolder });
    } finally {
      await client.close();
    }
    console.log(`Migrations applied to the embedded database in ${pgliteDir}.`);
  }
} catch (error) {
  // The driver's own error, never drizzle's wrapper: that one quotes the statement's parameters.
  const cause = error?.cause ?? error;
  console.error(`Migrations failed: ${cause?.message ?? String(cause)}`);
  process.exitCode = 1;
}
