import { EARLY_SUBMIT_SCRIPT_SHA256 } from "../early-submit/script.shared.ts";
import { QUICK_EXIT_SCRIPT_SHA256 } from "../quick-exit/script.shared.ts";

/**
 * The pages' Content-Security-Policy. Relative imports only: next.config.ts (the static policy of
 * public pages) and proxy.ts (the per-request policy of the staff portal) both read it.
 *
 * Public pages are prerendered: their inline bootstrap scripts cannot carry a per-request nonce
 * without making every page dynamic, so they keep 'unsafe-inline' for scripts. The portal's pages
 * are rendered per request anyway: they get a nonce with 'strict-dynamic' and no 'unsafe-inline'
 * (Next applies the nonce it finds in the request's CSP header to its own scripts, and scripts
 * those load are trusted in turn), and the hashes of the two inline scripts that are the same on
 * every page and have to run before any of them: the quick exit's (lib/quick-exit/script.shared.ts)
 * and the one that keeps a form sent before hydration (lib/early-submit/script.shared.ts).
 */
export function pageCsp(o: { production: boolean; nonce?: string }): string {
  const scripts = o.nonce
    ? `'self' 'nonce-${o.nonce}' ${QUICK_EXIT_SCRIPT_SHA256} ${EARLY_SUBMIT_SCRIPT_SHA256} 'strict-dynamic'`
    : "'self' 'unsafe-inline'";
  return [
    "default-src 'self'",
    `script-src ${scripts}${o.production ? "" : " 'unsafe-eval'"}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${o.production ? "" : " ws: wss:"}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "frame-src 'self'",
  ].join("; ");
}

/** The staff portal's page paths. */
export function isPortalPath(pathname: string): boolean {
  return /^\/(admin|account)(\/|$)/.test(pathname);
}

/**
 * The pages proxy.ts gives the per-request nonce policy: the portal's, and the two public pages
 * rendered per request that show staff-written HTML (a study's description, a survey's text
 * blocks), where the stricter policy is one more wall behind the sanitiser.
 */
export function isNoncePagePath(pathname: string): boolean {
  return isPortalPath(pathname) || /^\/(study|survey)(\/|$)/.test(pathname);
}

/**
 * Every path but those, and those alone, in next.config.ts `headers()` source syntax: the static
 * policy must leave them out, since two CSP headers are both enforced. The groups are unnamed on
 * purpose: a rule matched with a named parameter has every header value holding a ":" (the
 * policy's "data:", "blob:") compiled again as a path template on every request; unnamed, the
 * match carries no parameters and Next sends the values as they are.
 */
export const STATIC_CSP_SOURCE = "/((?!admin(?:/|$)|account(?:/|$)|study(?:/|$)|survey(?:/|$)).*)";
export const NONCE_PAGE_SOURCE = "/((?:admin|account|study|survey)(?:/.*)?)";
