import { spawn } from "node:child_process";
import { getConfig } from "@/lib/config";
import { openPglite } from "@/db/client";
import { demoAdminNotice, isEmpty, seedDemo } from "@/db/seed";

// On the embedded default a fresh checkout gets a migrated database with demo content. The
// database is closed again before Next starts: two PGlite instances on one folder corrupt it.
const config = getConfig();
if (!config.databaseUrl) {
  const database = await openPglite(config.pgliteDir);
  if (await isEmpty(database.db)) {
    const seeded = await seedDemo(database.db);
    console.log("Demo content added to the embedded database.");
    console.log(demoAdminNotice(seeded));
  }
  await database.close();
}

const child = spawn("npx", ["next", "dev", ...process.argv.slice(2)], {
  stdio: "inherit",
  // The framework's anonymous usage reporting would be a request to a third party.
  env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
});
child.on("exit", (code) => process.exit(code ?? 0));
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
