import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { locales } from "../lib/i18n/locales.shared";
import type { SiteRouting } from "./site-routing";

/**
 * The minimal pages' text: plain paragraphs, static, no client code. Each text is in the HTML
 * twice (as markup and in the inline React Server Components payload), so a paragraph adds
 * about 0.5 kB. `/` has 36 (about 21.5 kB, the size of this app's home page when the bench was
 * first written); the pages at `/size-<n>` have n, from 28 to 84 in steps of 2 (about 17.5 to
 * 45 kB), so that each of this app's pages is compared with a page of the framework that sends
 * as much: the HTML's size alone changes a page's throughput a great deal. The run pairs each
 * page with the minimal page nearest in size and prints both sizes.
 */
const MINIMAL_PAGE_PARAGRAPHS = 36;
const PAGE_PARAGRAPHS = Array.from({ length: 29 }, (_, i) => 28 + 2 * i);

/** The minimal app's page with `paragraphs` paragraphs. */
function minimalPagePath(paragraphs: number): string {
  return paragraphs === MINIMAL_PAGE_PARAGRAPHS ? "/" : `/size-${paragraphs}`;
}

/**
 * Of pages by their HTML's size in bytes, the one nearest to `bytes` (the first of two as near).
 */
export function nearestInSize(sizes: Map<string, number>, bytes: number): string {
  let best: [string, number] | undefined;
  for (const [page, size] of sizes) {
    if (!best || Math.abs(size - bytes) < Math.abs(best[1] - bytes)) best = [page, size];
  }
  if (!best) throw new Error("no minimal page to compare with");
  return best[0];
}

/** Every page the minimal app serves; `/` first. */
export const MINIMAL_PAGES = [
  "/",
  ...PAGE_PARAGRAPHS.map(minimalPagePath).filter((p) => p !== "/"),
];

const PARAGRAPH =
  "Onderzoek naar seksueel geweld helpt hulpverleners om beter aan te sluiten bij wat mensen nodig hebben. Deelname is anoniem en vrijwillig; wie meedoet, kan op elk moment stoppen zonder opgave van reden.";

/**
 * The framework's floor: a minimal App Router app (static pages of about the same HTML sizes
 * as this app's pages, one static file, one trivial JSON POST handler) built with the project's
 * own Next.js and React. It is written to a folder of the system's temporary directory, outside
 * the repository, so nothing of the project (its instrumentation, configuration, tsconfig,
 * lockfile) is found above it; only the project's `node_modules` is linked in, so it builds from
 * the same packages. `next build` defaults to the same bundler for both. Removed by
 * `removeMinimalApp`.
 *
 * With `routing`, the same pages are served the way this site serves its pages: in Dutch at the
 * bare addresses, in English from a `[locale]` segment prerendered for each language and reached
 * through the site's cookie rewrite, with its header and redirect rules and a proxy on the same
 * paths (bench/site-routing.ts). The benchmark asks for the Dutch pages, as a first visit. That app
 * measures what the routing the site needs (URLs without a locale, security headers) costs in
 * the framework before any of this app's page code runs.
 */
export function buildMinimalApp(routing?: SiteRouting): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "rp-minimal-app-"));
  // Routed as the site: Dutch at the bare addresses (app/(nl)), English in app/[locale].
  const trees = routing ? ["app/(nl)", "app/[locale]"] : ["app"];
  for (const tree of trees) mkdirSync(path.join(dir, tree), { recursive: true });
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
  const rules = routing
    ? `,
  async headers() { return ${JSON.stringify(routing.headers)}; },
  async redirects() { return ${JSON.stringify(routing.redirects)}; },
  async rewrites() { return ${JSON.stringify(routing.rewrites)}; }`
    : "";
  writeFileSync(
    path.join(dir, "next.config.mjs"),
    `export default { turbopack: { root: ${JSON.stringify(root)} }, outputFileTracingRoot: ${JSON.stringify(root)}${rules} };\n`,
  );
  if (routing) {
    writeFileSync(
      path.join(dir, "app/(nl)/layout.jsx"),
      `export default function DutchLayout({ children }) {
  return (<html lang="nl"><body>{children}</body></html>);
}
`,
    );
    writeFileSync(
      path.join(dir, "app/[locale]/layout.jsx"),
      `export function generateStaticParams() {
  return ${JSON.stringify(locales.map((locale) => ({ locale })))};
}
export const dynamicParams = false;

export default async function RootLayout({ children, params }) {
  const { locale } = await params;
  return (<html lang={locale}><body>{children}</body></html>);
}
`,
    );
  } else {
    writeFileSync(
      path.join(dir, "app/layout.jsx"),
      `export default function RootLayout({ children }) {
  return (<html lang="en"><body>{children}</body></html>);
}
`,
    );
  }
  if (routing) {
    writeFileSync(
      path.join(dir, "proxy.js"),
      `import { NextResponse } from "next/server";
export function proxy() { return NextResponse.next(); }
export const config = { matcher: ${JSON.stringify(routing.proxyMatcher)} };
`,
    );
  }
  // One component renders every page's paragraphs, so the pages differ only in their number.
  writeFileSync(
    path.join(dir, "paragraphs.jsx"),
    `export function Paragraphs({ count }) {
  const paragraphs = Array.from({ length: count }, (_, i) =>
    \`Paragraph \${i + 1}. ${PARAGRAPH}\`,
  );
  return (
    <main>
      <h1>Hello</h1>
      {paragraphs.map((text, i) => <p key={i}>{text}</p>)}
    </main>
  );
}
`,
  );
  for (const paragraphs of PAGE_PARAGRAPHS) {
    for (const tree of trees) {
      const folder = path.join(dir, tree, minimalPagePath(paragraphs));
      mkdirSync(folder, { recursive: true });
      writeFileSync(
        path.join(folder, "page.jsx"),
        `import { Paragraphs } from ${JSON.stringify(path.relative(folder, path.join(dir, "paragraphs.jsx")))};

export default function Page() {
  return <Paragraphs count={${paragraphs}} />;
}
`,
      );
    }
  }
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
