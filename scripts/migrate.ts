import { getConfig } from "@/lib/config";
import { migrationsFolder, openPglite } from "@/db/client";

const config = getConfig();
if (config.databaseUrl) {
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const { migrate } = await import("drizzle-orm/postgres-js/migrator");
  const client = postgres(config.databaseUrl, { max: 1, onnotice: () => {} });
  await migrate(drizzle(client), { migrationsFolder });
  await client.end();
  console.log("Migrations applied to the Postgres database.");
} else {
  const database = await openPglite(config.pgliteDir);
  await database.close();
  console.log(`Migrations applied to the embedded database in ${config.pgliteDir}.`);
}
