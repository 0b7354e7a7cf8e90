import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * This site's routing as its production server runs it: the header, redirect and rewrite rules
 * (the security headers and the CSP on every page, the cookie rewrite that serves a URL without
 * a locale from the `[locale]` pages: next.config.ts), and the paths its proxy runs on (the
 * portal's pages and addresses that name a language: proxy.ts), which Next.js tries on every
 * request.
 */
export type SiteRouting = {
  headers: unknown[];
  redirects: unknown[];
  rewrites: unknown;
  proxyMatcher: unknown;
};

/**
 * Read from next.config.ts and proxy.ts themselves, so the routed minimal app
 * (bench/minimal-app.ts) keeps step with them. In a child process: the configuration decides
 * when it is loaded whether it is a production one (HSTS only there), and the benchmark itself
 * does not run as production. The rules are the child's last line of output, so a line that
 * loading the configuration prints before them does not get in the way.
 */
export function siteRouting(): SiteRouting {
  const run = spawnSync(
    path.resolve("node_modules/.bin/tsx"),
    ["--conditions=react-server", fileURLToPath(import.meta.url)],
    {
      env: { ...process.env, NODE_ENV: "production" },
      encoding: "utf8",
    },
  );
  if (run.status !== 0) throw new Error(`next.config.ts's rules could not be read: ${run.stderr}`);
  return JSON.parse(run.stdout.trim().split("\n").at(-1) ?? "") as SiteRouting;
}

async function printSiteRouting(): Promise<void> {
  const { default: config } = await import("../next.config");
  const { config: proxy } = await import("../proxy");
  const c = config("phase-production-server");
  const rules: SiteRouting = {
    headers: (await c.headers?.()) ?? [],
    redirects: (await c.redirects?.()) ?? [],
    rewrites: (await c.rewrites?.()) ?? [],
    proxyMatcher: proxy.matcher,
  };
  process.stdout.write(`\n${JSON.stringify(rules)}\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await printSiteRouting();
