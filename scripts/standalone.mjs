// npm run build:standalone: a production build with `output: "standalone"`, completed so that
// .next/standalone runs on its own with `node server.js` (no repository, no npm install):
//   - public/ and .next/static are copied beside server.js (Next.js leaves them out, expecting a
//     CDN to serve them);
//   - scripts/migrate.mjs is copied with the packages it imports: the server bundles drizzle-orm
//     and postgres into its own chunks, so the traced node_modules lack them.
// The migrations folder and PGlite's engine files come along through outputFileTracingIncludes
// in next.config.ts.
//
//   node scripts/standalone.mjs              build, then complete .next/standalone
//   node scripts/standalone.mjs --skip-build complete a standalone build made by `next build`
//                                            with BUILD_STANDALONE=1 (CI's end-to-end build)
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const standalone = path.join(root, ".next", "standalone");
const require = createRequire(import.meta.url);

/** What scripts/migrate.mjs imports; their own dependencies are followed. */
const MIGRATE_PACKAGES = ["drizzle-orm", "postgres", "@electric-sql/pglite"];

function fail(message) {
  console.error(message);
  process.exit(1);
}

function readBuildId(dir) {
  const file = path.join(dir, ".next", "BUILD_ID");
  return existsSync(file) ? readFileSync(file, "utf8").trim() : undefined;
}

if (!process.argv.includes("--skip-build")) {
  const next = require.resolve("next/dist/bin/next");
  const build = spawnSync(process.execPath, [next, "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, BUILD_STANDALONE: "1" },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const buildId = readBuildId(root);
if (!existsSync(path.join(standalone, "server.js")) || readBuildId(standalone) !== buildId) {
  fail(
    "No standalone output for the current build in .next/standalone: run npm run build:standalone " +
      "(or next build with BUILD_STANDALONE=1 before --skip-build).",
  );
}

function replaceDir(from, to) {
  rmSync(to, { recursive: true, force: true });
  cpSync(from, to, { recursive: true });
}

replaceDir(path.join(root, "public"), path.join(standalone, "public"));
replaceDir(path.join(root, ".next", "static"), path.join(standalone, ".next", "static"));
cpSync(path.join(root, "scripts", "migrate.mjs"), path.join(standalone, "scripts", "migrate.mjs"));

// Whole packages, less what only editors and debuggers read; files already traced stay as they are.
const runtimeFile = (file) => !/\.(map|d\.ts|d\.cts|d\.mts)$/.test(file);
const copied = new Set();
function copyPackage(name) {
  if (copied.has(name)) return;
  copied.add(name);
  const from = path.join(root, "node_modules", name);
  const manifest = JSON.parse(readFileSync(path.join(from, "package.json"), "utf8"));
  cpSync(from, path.join(standalone, "node_modules", name), {
    recursive: true,
    force: false,
    filter: runtimeFile,
  });
  for (const dependency of Object.keys(manifest.dependencies ?? {})) copyPackage(dependency);
}
for (const name of MIGRATE_PACKAGES) copyPackage(name);

console.log(
  `Standalone server ready in .next/standalone (build ${buildId}): ` +
    "start it there with `node server.js` (on Postgres, run `node scripts/migrate.mjs` first).",
);
