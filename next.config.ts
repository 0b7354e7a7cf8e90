import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import { FILE_CSP, FILE_PATH_SOURCES } from "./lib/files/file-csp.shared.ts";
import { NONCE_PAGE_SOURCE, pageCsp, STATIC_CSP_SOURCE } from "./lib/http/page-csp.shared.ts";
// With its extension: Node's own TypeScript loader (Node 22.18+) resolves no other form.
import { helpLineBuildWarning } from "./config/help-line.shared.ts";
import { NEWS_SLUGS } from "./content/news/slugs.shared.ts";
import { buildAppUrlProblem, normalAppUrl } from "./config/built-address.ts";

const isProduction = process.env.NODE_ENV === "production";

// Inline scripts are needed by Next's bootstrap on statically rendered pages; per-request nonces
// would make every public page dynamic. The CSP's job here is to forbid third-party origins and
// framing; XSS defence rests on React's escaping and the sanitiser. The staff portal's pages get
// a stricter per-request policy from proxy.ts instead (lib/http/page-csp.shared.ts).
const staticCsp = { key: "Content-Security-Policy", value: pageCsp({ production: isProduction }) };

const securityHeaders = [
  { key: "Referrer-Policy", value: "no-referrer" },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "X-Frame-Options", value: "DENY" },
  {
    key: "Permissions-Policy",
    value: "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
  },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
  ...(isProduction
    ? [{ key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" }]
    : []),
];

// Page paths only: not the API, Next's assets, the internal locale segment or files with a dot.
const PAGE_PATTERN = "(?!api/|api$|_next/|nl/|nl$|en/|en$|.*\\.[a-zA-Z0-9]+$).*";
const PAGE = `/:path(${PAGE_PATTERN})`;
// The Dutch pages with a dynamic segment at their bare address (app/(nl)), in exactly their
// shapes: Next tries the afterFiles rewrite below before dynamic routes, so these must not be
// rewritten. Anything longer is rewritten as before and goes home through app/[locale]/[...rest],
// rendered per request: left alone, `/study/news/<anything>` would reach app/[locale]'s
// prerendered routes with "study" as its language and leave a cached redirect per address.
const DUTCH_DYNAMIC = "research$|(?:news|study|survey)/[^/]+$";
// After the file system, an address with a dot names no file: it is rewritten too, and goes home
// per request (left to the dynamic routes, each would leave a cached redirect behind).
const NOT_DUTCH_PAGE = `/:path((?!${DUTCH_DYNAMIC}|api/|api$|_next/|nl/|nl$|en/|en$).*)`;
// `/news/<slug>` of no article: sent home before any page renders it (the article pages are
// prerendered; an unknown slug rendered on demand would leave a cached redirect per address).
const UNKNOWN_ARTICLE = `/news/:slug((?!(?:${NEWS_SLUGS.join("|")})$)[^/]+)`;
// The same paths as a header rule's source: without a named parameter, as every header rule here
// is (Next would otherwise try to fill parameters into the rule's header values per request).
const ANY_PAGE = `/(${PAGE_PATTERN})`;

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // Written into the compiled code: a server started with another APP_URL refuses to start
  // (config/built-address.ts), since the static pages carry this one.
  env: { BUILT_APP_URL: process.env.APP_URL ? normalAppUrl(process.env.APP_URL) : "" },
  // Types are checked by `npm run typecheck` (CI runs it before the build); checking them again
  // here would only double the build time.
  typescript: { ignoreBuildErrors: true },
  reactStrictMode: true,
  // The longest a page cached with a revalidation time (only /research has one) is served: an
  // older copy is rendered again before it is sent, instead of being sent once more while it is
  // rendered in the background. So a study past its `closes_at` is listed as finished within a
  // minute even after a quiet spell. Pages without a revalidation time are not affected.
  expireTime: 60,
  // A self-contained server in .next/standalone (scripts/standalone.mjs builds and completes it).
  // Only on request: Next.js does not support `next start` on a standalone build (it still serves
  // it, with a warning; CI's end-to-end tests do so to build only once).
  output: process.env.BUILD_STANDALONE === "1" ? "standalone" : undefined,
  // Read from disk at run time, so tracing imports alone would leave them behind: the embedded
  // database applies the migrations when it opens, and PGlite loads its engine from these files.
  outputFileTracingIncludes: {
    "/**": ["./db/migrations/**/*", "./node_modules/@electric-sql/pglite/dist/*.{wasm,data}"],
  },
  serverExternalPackages: [
    "@electric-sql/pglite",
    "@node-rs/argon2",
    "isomorphic-dompurify",
    "exceljs",
  ],
  async headers() {
    return [
      // One rule per request: every path (the bare "/" included) takes exactly one of these two.
      // The portal's pages and /study, /survey get no static CSP: proxy.ts sets their nonce
      // policy, two CSP headers would both be enforced, and the static one allows inline scripts.
      { source: STATIC_CSP_SOURCE, headers: [...securityHeaders, staticCsp] },
      { source: NONCE_PAGE_SOURCE, headers: securityHeaders },
      // A page's language comes from the NEXT_LOCALE cookie (the rewrites below), and Next marks
      // prerendered pages as cacheable by shared caches (`s-maxage`) without saying so: a CDN or
      // caching proxy in front would otherwise keep the first visitor's language for everyone.
      // Next's page template keeps this beside its own Vary (patches/next+16.4.6.patch).
      { source: ANY_PAGE, headers: [{ key: "Vary", value: "Cookie" }] },
      // Files served from the database get their own, stricter policy. Next lets a header set
      // here win over the same header from a route, and a later rule over an earlier one.
      ...FILE_PATH_SOURCES.map((source) => ({
        source,
        headers: [{ key: "Content-Security-Policy", value: FILE_CSP }],
      })),
    ];
  },
  async redirects() {
    // The locale segment is internal: proxy.ts sends a visible /nl/... or /en/... to the bare
    // path, storing the language it names, which a redirect rule here could not.
    return [
      { source: "/home", destination: "/", permanent: false },
      // The Dutch /research is an optional catch-all (app/(nl)/research): nothing below it is a
      // page, and an unknown address goes home.
      { source: "/research/:rest+", destination: "/", permanent: false },
      { source: UNKNOWN_ARTICLE, destination: "/", permanent: false },
    ];
  },
  async rewrites() {
    // The language lives in a cookie, so URLs carry no locale. Both languages are prerendered:
    // English in app/[locale], reached by this rewrite when the cookie says so; Dutch, the
    // default, at the bare addresses themselves (app/(nl)), so a Dutch visit needs no rewrite.
    // What app/(nl) has no page for (the portal, unknown addresses) is served from app/[locale]
    // in Dutch: the afterFiles rule, which Next tries only when no file or static page matched.
    return {
      beforeFiles: [
        {
          source: "/",
          has: [{ type: "cookie", key: "NEXT_LOCALE", value: "en" }],
          destination: "/en",
        },
        {
          source: PAGE,
          has: [{ type: "cookie", key: "NEXT_LOCALE", value: "en" }],
          destination: "/en/:path",
        },
      ],
      afterFiles: [{ source: NOT_DUTCH_PAGE, destination: "/nl/:path" }],
      fallback: [],
    };
  },
};

const withNextIntl = createNextIntlPlugin({
  requestConfig: "./i18n/request.ts",
  experimental: {
    // Every i18n/messages/<locale>/<area>.json is compiled at build time into next-intl's compact
    // form, and the browser formats it with a small runtime instead of shipping the ICU message
    // parser (about 12 kB gzipped) with every client island. Only bundled code sees the compiled
    // form: code run outside Next (`npm run staff:create`, which mails an invitation, and
    // the tests) reads the plain JSON and parses it as before. Messages code reads directly (auth.validation, panelMessages.testMail) must stay
    // plain text, which compiles to itself (tests/unit/messages.test.ts).
    messages: { path: "./i18n/messages", format: "json", locales: "infer", precompile: true },
  },
});

export default function config(phase: string): NextConfig {
  // The help line is baked into the static pages: say so before a site ships without it. Build
  // workers load this file again with the parent's environment, hence the marker: once per build.
  // `next typegen` (npm run typecheck) loads it in the same phase without building anything.
  const building = phase === "phase-production-build" && !process.argv.includes("typegen");
  if (building) {
    const problem = buildAppUrlProblem(process.env);
    if (problem) throw new Error(problem);
  }
  if (building && !process.env.HELP_LINE_CHECKED) {
    process.env.HELP_LINE_CHECKED = "1";
    const warning = helpLineBuildWarning(process.env);
    if (warning) console.warn(`\n⚠ ${warning}\n`);
  }
  return withNextIntl(nextConfig);
}
