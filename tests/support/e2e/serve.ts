import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { getConfig } from "@/config";
import { openPglite } from "@/db/client";
import { prepareE2eData } from "./fixtures-data";

// Builds when asked (or when there is no build yet), prepares the fresh embedded database with
// the e2e fixtures, closes it, then serves the production build on it.
if (process.env.E2E_BUILD === "1" || !existsSync(".next/BUILD_ID")) {
  const build = spawnSync("npx", ["next", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const database = await openPglite(getConfig().pgliteDir);
await prepareE2eData(database.db);
await database.close();

// Idle connections stay open longer than any test runs. With Node's default of 5 s, the server
// closes a kept-alive connection just as a test's API client (which, unlike a browser, does not
// send a request again on a reused connection that was reset) reuses it after a pause of about
// that length: "read ECONNRESET" on a request the server never saw.
const KEEP_ALIVE_MS = 10 * 60_000;
const server = spawn(
  "npx",
  [
    "next",
    "start",
    "-p",
    process.env.PORT ?? "3210",
    "-H",
    "127.0.0.1",
    "--keepAliveTimeout",
    String(KEEP_ALIVE_MS),
  ],
  { stdio: "inherit" },
);
server.on("exit", (code) => process.exit(code ?? 0));
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
