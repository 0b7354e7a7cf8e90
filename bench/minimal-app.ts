import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { locales } from "../lib/i18n/locales.shared";
import type { SiteRouting } from "./site-routing";

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
 * as this app's pages, one static file, one trivial JSON POST handler) built with the project's
 * own Next.js and React. It is written to a folder of the system's temporary directory, outside
 * the repository, so nothing of the project (its instrumentation, configuration, tsconfig,
 * lockfile) is found above it; only the project's `node_modules` is linked in, so it builds from
 * the same packages. `next build` defaults to the same bundler for both. Removed by
 * `removeMinimalApp`.
 *
 * With `routing`, the same page is served the way this site serves its pages: from a `[locale]`
 * segment prerendered for each language, reached through the site's cookie rewrite, with its
 * header and redirect rules and a proxy on the same paths (bench/site-routing.ts). That app
 * measures what the routing the site needs (URLs without a locale, security headers) costs in
 * the framework before any of this app's page code runs.
 */
export function buildMinimalApp(routing?: SiteRouting): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "rp-minimal-app-"));
  const pages = routing ? "app/[locale]" : "app";
  mkdirSync(path.join(dir, pages), { recursive: true });
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
  writeFileSync(
    path.join(dir, pages, "layout.jsx"),
    routing
      ? `export function generateStaticParams() {
  return ${JSON.stringify(locales.map((locale) => ({ locale })))};
}
export const dynamicParams = false;

export default async function RootLayout({ children, params }) {
  const { locale } = await params;
  return (<html lang={locale}><body>{children}</body></html>);
}
`
      : `export default function RootLayout({ children }) {
  return (<html lang="en"><body>{children}</body></html>);
}
`,
  );
  if (routing) {
    writeFileSync(
      path.join(dir, "proxy.js"),
      `import { NextResponse } from "next/server";
export function proxy() { return NextResponse.next(); }
export const config = { matcher: ${JSON.stringify(routing.proxyMatcher)} };
`,
    );
  }
  writeFileSync(
    path.join(dir, pages, "page.jsx"),
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
