// When the package registry in use does not carry every platform's optional binary (e.g.
// macOS or Windows builds of a native package), `npm install` leaves those entries out of
// package-lock.json and `npm ci` then refuses the lockfile. This adds a version-only, optional
// entry for each one: `npm ci` accepts the lockfile and skips binaries for other platforms.
// Run after `npm install` changed the lockfile: node scripts/complete-lockfile.mjs
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";

const result = spawnSync("npm", ["ci", "--dry-run", "--ignore-scripts"], { encoding: "utf8" });
const missing = [...result.stderr.matchAll(/Missing: (@?[^@\s]+)@(\S*) from lock file/g)].map(
  (m) => m[1],
);
const lock = JSON.parse(readFileSync("package-lock.json", "utf8"));
const specs = new Map();
for (const meta of Object.values(lock.packages)) {
  for (const [dep, spec] of Object.entries(meta.optionalDependencies ?? {})) {
    if (!specs.has(dep)) specs.set(dep, spec);
  }
}
let added = 0;
for (const name of missing) {
  const key = `node_modules/${name}`;
  const spec = specs.get(name);
  if (lock.packages[key] || !spec) continue;
  lock.packages[key] = { version: spec.replace(/^[~^=]/, ""), optional: true };
  added += 1;
}
const [root, ...rest] = Object.entries(lock.packages);
lock.packages = Object.fromEntries([
  root,
  ...rest.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
]);
writeFileSync("package-lock.json", `${JSON.stringify(lock, null, 2)}\n`);
console.log(`Added ${added} optional entries (${missing.length} missing).`);
