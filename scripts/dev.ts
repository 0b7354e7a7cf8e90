import { spawn } from "node:child_process";
import nextEnv from "@next/env";
import { getConfig } from "@/config";
import { devHelpLineDefaults } from "@/config/help-line.shared";
import { openPglite } from "@/db/client";
import { demoAdminNotice, isEmpty, seedDemo } from "@/lib/demo/seed";

// The .env files Next.js will read, read here first: this script must see the same database
// settings as the server it starts, and must not cover a help line configured in them.
// A bundled CommonJS module: Node sees only its default export.
nextEnv.loadEnvConfig(process.cwd(), true, { info: () => {}, error: console.error });
// Without a configured help line the demo shows clearly marked example details, so the help
// widget can be seen and tried; a production build warns when it would ship without one.
const helpLine = devHelpLineDefaults(process.env);
// The demo admin has no second factor: the demo lets staff work without one unless the .env
// files ask for the production policy (docs/auth.md).
process.env.STAFF_TWO_FACTOR ??= "optional";
if (Object.keys(helpLine).length > 0) {
  console.log(
    "Help widget: example details until HELP_PHONE, HELP_CHAT_URL or HELP_WEBSITE_URL is set.",
  );
}

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
  env: { ...process.env, ...helpLine, NEXT_TELEMETRY_DISABLED: "1" },
});
child.on("exit", (code) => process.exit(code ?? 0));
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
