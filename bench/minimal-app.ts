import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * The minimal page's text: plain paragraphs, static, no client code. Their number makes its
 * HTML about as large as this app's public pages (21–23 kB; each text is in the HTML twice, as
 * markup and in the inline React Server Components payload), so the page is compared with a page
 * of the framework that sends as much. The run prints both sizes.
 */
const MINIMAL_PAGE_PARAGRAPHS = 36;
const PARAGRAPH =
  "Onderzoek naar seksueel geweld helpt hulpverleners om beter aan te sluiten bij wat mensen nodig hebben. Deelname is anoniem en vrijwillig; wie meedoet, kan op elk moment stoppen zonder opgave van reden.";

/**
 * The framework's floor: a minimal App Router app (one static page of about the same HTML size
 * as this app's pages, one static file, one trivial JSON POST handler) built with the project's own Next.js and React. It is written to a folder
 * of the system's temporary directory, outside the repository, so nothing of the project (its
 * instrumentation, configuration, tsconfig, lockfile) is found above it; only the project's
 * `node_modules` is linked in, so it builds from the same packages. `next build` defaults to the
 * same bundler for both. Removed by `removeMinimalApp`.
 */
export function buildMinimalApp(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "rp-minimal-app-"));
  mkdirSync(path.join(dir, "app/api/echo"), { recursive: true });
  mkdirSync(path.join(dir, "public"), { recursive: true });
  symlinkSync(path.resolve("node_modules"), path.join(dir, "node_modules"), "dir");
  writeFileSync(
    path.join(dir, "package.json"),
    JSON.stringify({ name: "bench-minimal-app", private: true }),
  );
  // Turbopack refuses files outside its root, and the linked node_modules resolves to the
  // project's folder: the root is the folder both live in.
  const root = commonAncestor(dir, path.resolve("node_modules"));
  writeFileSync(
    path.join(dir, "next.config.mjs"),
    `export default { turbopack: { root: ${JSON.stringify(root)} }, outputFileTracingRoot: ${JSON.stringify(root)} };\n`,
  );
  writeFileSync(
    path.join(dir, "app/layout.jsx"),
    `export default function RootLayout({ children }) {
  return (<html lang="en"><body>{children}</body></html>);
}
`,
  );
  writeFileSync(
    path.join(dir, "app/page.jsx"),
    `const paragraphs = Array.from({ length: ${MINIMAL_PAGE_PARAGRAPHS} }, (_, i) =>
  \`Paragraph \${i + 1}. ${PARAGRAPH}\`,
);

export default function Page() {
  return (
    <main>
      <h1>Hello</h1>
      {paragraphs.map((text, i) => <p key={i}>{text}</p>)}
    </main>
  );
}
`,
  );
  writeFileSync(
    path.join(dir, "app/api/echo/route.js"),
    `export async function POST(req) {
  return Response.json(await req.json());
}
`,
  );
  writeFileSync(path.join(dir, "public/static.txt"), "a static file\n".repeat(20));
  const build = spawnSync(path.resolve("node_modules/.bin/next"), ["build"], {
    cwd: dir,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (build.status !== 0) throw new Error("the minimal App Router app did not build");
  return dir;
}

function commonAncestor(a: string, b: string): string {
  const pa = a.split(path.sep);
  const pb = b.split(path.sep);
  let i = 0;
  while (i < pa.length && i < pb.length && pa[i] === pb[i]) i++;
  return pa.slice(0, i).join(path.sep) || path.sep;
}

export function removeMinimalApp(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
