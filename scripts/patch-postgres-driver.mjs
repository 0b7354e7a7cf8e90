// Runs after every `npm install` / `npm ci` (the `postinstall` script): guards postgres.js
// against writing to a socket it has already let go of.
//
// When Postgres closes a connection (a restart, a failover, `pg_terminate_backend`) while the
// driver still has bytes buffered for it, `nextWrite` calls `socket.write` on `null` and throws a
// TypeError from a timer or from deep inside the driver, where no caller can catch it: the Node
// process dies. Reported upstream as porsager/postgres#1066, #1154 and #1208 (fix proposed in
// #1209, not released in 3.4.9). The guard settles the pending queries with the driver's own
// CONNECTION_CLOSED error instead, which the application already answers with 503 code 13, and
// the pool reconnects as it does after any closed connection.
//
// The edit is exact: if the driver's text differs (an upgrade), installation fails here, so
// whoever upgrades checks whether the fix has landed upstream and removes this script or adapts it.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const MARKER = "/* research-panel: guarded nextWrite */";
const ORIGINAL = `  function nextWrite(fn) {
    const x = socket.write(chunk, fn)`;
const GUARDED = `  function nextWrite(fn) {
    ${MARKER}
    if (!socket) {
      nextWriteTimer !== null && clearImmediate(nextWriteTimer)
      chunk = nextWriteTimer = null
      error(Errors.connection('CONNECTION_CLOSED', options))
      return false
    }
    const x = socket.write(chunk, fn)`;

const project = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const root = path.join(project, "node_modules", "postgres");
if (!existsSync(path.join(root, "package.json"))) {
  console.error("scripts/patch-postgres-driver.mjs: node_modules/postgres is missing.");
  process.exit(1);
}

const files = ["src/connection.js", "cjs/src/connection.js", "cf/src/connection.js"]
  .map((file) => path.join(root, file))
  .filter((file) => existsSync(file));

for (const file of files) {
  const text = readFileSync(file, "utf8");
  if (text.includes(MARKER)) continue;
  const at = text.indexOf(ORIGINAL);
  if (at < 0 || text.indexOf(ORIGINAL, at + 1) >= 0) {
    console.error(
      `scripts/patch-postgres-driver.mjs: ${file} no longer has the expected nextWrite; ` +
        "check whether postgres.js now guards a closed socket itself, then update or remove this script.",
    );
    process.exit(1);
  }
  writeFileSync(file, text.replace(ORIGINAL, GUARDED));
}
