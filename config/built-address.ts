// No imports: next.config.ts loads this file at build time, before any bundler or path alias.

type Env = Record<string, string | undefined>;

/** An address as pages and mails write it: no trailing slash. */
export function normalAppUrl(url: string): string {
  return url.trim().replace(/\/+$/, "");
}

/**
 * Static pages are rendered at build time with APP_URL in their canonical and social-card
 * addresses; a production build without it would write http://localhost:3000 into all of them.
 */
export function buildAppUrlProblem(env: Env): string | undefined {
  if (env.APP_URL?.trim()) return undefined;
  return (
    "APP_URL is not set. A production build writes it into every static page (canonical and " +
    "social-card addresses): set APP_URL to the site's public address, e.g. " +
    "APP_URL=https://panel.example.org npm run build"
  );
}

/**
 * The APP_URL this build's pages were rendered with. next.config.ts hands it to the bundles
 * as BUILT_APP_URL, which Next writes into the compiled code; unset outside a build.
 */
export function builtAppUrl(): string | undefined {
  return process.env.BUILT_APP_URL || undefined;
}

/** Why a server must not start with `runtime` on pages built with `built`, if it must not. */
export function appUrlMismatch(built: string | undefined, runtime: string): string | undefined {
  if (built === undefined || normalAppUrl(built) === normalAppUrl(runtime)) return undefined;
  return (
    `APP_URL is ${normalAppUrl(runtime)}, but this build's pages were rendered with ` +
    `${normalAppUrl(built)}: their canonical and social-card addresses would point elsewhere. ` +
    "Build again with the APP_URL the server runs with."
  );
}
