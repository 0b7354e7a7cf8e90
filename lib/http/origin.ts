import "server-only";
import { getConfig } from "@/config";
import { AppError } from "@/lib/errors/app-error";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { errorResponse } from "./status";

function originOf(value: string | null): string | null {
  if (!value) return null;
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/**
 * CSRF defence for state-changing calls: the browser-set Origin (or Referer) must be this app's
 * own origin, either the configured APP_URL or the host the request was addressed to.
 */
export function isAllowedOrigin(req: Request): boolean {
  // Referer only stands in when there is no Origin header at all: "Origin: null" (sandboxed or
  // privacy-redirected requests) must not be rescued by a Referer.
  const originHeader = req.headers.get("origin");
  const origin =
    originHeader !== null ? originOf(originHeader) : originOf(req.headers.get("referer"));
  if (!origin) return false;
  const config = getConfig();
  if (origin === config.appOrigin) return true;
  const host = config.trustProxy
    ? (req.headers.get("x-forwarded-host") ?? req.headers.get("host"))
    : req.headers.get("host");
  if (!host) return false;
  const proto =
    (config.trustProxy ? req.headers.get("x-forwarded-proto") : null) ??
    new URL(req.url).protocol.replace(":", "");
  return origin === `${proto}://${host}`;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A state-changing call (anything but GET, HEAD, OPTIONS) that did not come from this app's own
 * pages: refused with 403 code 26 by every route that does not declare itself open to other
 * origins, by the methods a route does not implement, and by unknown API paths.
 */
export function isForeignStateChange(req: Request): boolean {
  return !SAFE_METHODS.has(req.method) && !isAllowedOrigin(req);
}

/**
 * A request for staff data that another site started: a link or a script elsewhere making a
 * signed-in staff member's browser ask for it (the session cookie, SameSite=Lax, goes along with
 * a top-level GET), e.g. the responses export, which downloads every answer and writes an audit
 * row in that person's name. Browsers say where a request comes from (`Sec-Fetch-Site`): the
 * portal's own calls and downloads are `same-origin`, an address typed or bookmarked `none`.
 * Another subdomain of the same site (`same-site`) is another site here too.
 */
export function isCrossSiteRequest(req: Request): boolean {
  const site = req.headers.get("sec-fetch-site");
  return site === "cross-site" || site === "same-site";
}

/**
 * 403 code 26 for such a call, null otherwise: the answer of the handlers without a `route()` of
 * their own (`otherMethods`' refusals, the catch-all for unknown API paths), the same refusal
 * `route()` gives.
 */
export function refuseForeignStateChange(req: Request): Response | null {
  return isForeignStateChange(req)
    ? errorResponse(new AppError(ErrorCode.ORIGIN_NOT_ALLOWED))
    : null;
}
