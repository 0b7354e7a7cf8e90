import { getConfig } from "@/config";
import { getDatabase } from "@/db/client";
import { demoAdminNotice, isEmpty, seedDemo } from "@/lib/demo/seed";

// Explicit seeding: the only way demo content ever reaches a Postgres database.
const config = getConfig();
const database = await getDatabase();
if (!(await isEmpty(database.db)) && !process.argv.includes("--force")) {
  console.log(
    "The database already has content; nothing seeded (use --force to add demo content anyway).",
  );
} else {
  const seeded = await seedDemo(database.db);
  console.log(
    `Demo content added to the ${config.databaseUrl ? "Postgres" : "embedded"} database.`,
  );
  console.log(demoAdminNotice(seeded));
}
await database.close();
