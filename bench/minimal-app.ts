import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * The framework's floor: a minimal App Router app (one static page, one static file) built with
 * the project's own `node_modules` and Next.js. It lives in a folder inside the repository only
 * so that module resolution finds the same packages; it is removed after the run.
 */
export const MINIMAL_DIR = path.resolve(".bench-minimal-app");

export function buildMinimalApp(): void {
  rmSync(MINIMAL_DIR, { recursive: true, force: true });
  mkdirSync(path.join(MINIMAL_DIR, "app"), { recursive: true });
  mkdirSync(path.join(MINIMAL_DIR, "public"), { recursive: true });
  writeFileSync(
    path.join(MINIMAL_DIR, "package.json"),
    JSON.stringify({ name: "bench-minimal-app", private: true }),
  );
  // Its own (empty) configuration: without one, Next.js would load the project's from above.
  writeFileSync(path.join(MINIMAL_DIR, "next.config.mjs"), "export default {};\n");
  writeFileSync(
    path.join(MINIMAL_DIR, "app/layout.jsx"),
    `export default function RootLayout({ children }) {
  return (<html lang="en"><body>{children}</body></html>);
}
`,
  );
  writeFileSync(
    path.join(MINIMAL_DIR, "app/page.jsx"),
    `export default function Page() {
  return (<main><h1>Hello</h1><p>A minimal App Router page.</p></main>);
}
`,
  );
  writeFileSync(path.join(MINIMAL_DIR, "public/static.txt"), "a static file\n".repeat(20));
  const build = spawnSync(path.resolve("node_modules/.bin/next"), ["build"], {
    cwd: MINIMAL_DIR,
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (build.status !== 0) throw new Error("the minimal App Router app did not build");
}

export function removeMinimalApp(): void {
  rmSync(MINIMAL_DIR, { recursive: true, force: true });
}
