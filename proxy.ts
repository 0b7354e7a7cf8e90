import { NextResponse, type NextRequest } from "next/server";
import { AppError } from "@/lib/errors/app-error";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { CROSS_ORIGIN_API_PATHS } from "@/lib/http/cross-origin-paths";
import { isAllowedOrigin } from "@/lib/http/origin";
import { isNoncePagePath, pageCsp } from "@/lib/http/page-csp.shared";
import { errorResponse } from "@/lib/http/status";
import { getConfig } from "@/config";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The staff portal's pages and /study, /survey, rendered per request anyway: a fresh nonce each
 * time, in a CSP without 'unsafe-inline' for scripts. Set on the request too, where Next finds
 * it and puts the nonce on its own script tags.
 */
function withNonceCsp(req: NextRequest) {
  const nonce = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(18))));
  const csp = pageCsp({ production: getConfig().isProduction, nonce });
  const headers = new Headers(req.headers);
  headers.set("content-security-policy", csp);
  const res = NextResponse.next({ request: { headers } });
  res.headers.set("content-security-policy", csp);
  return res;
}

/**
 * Runs on /api, the staff portal's pages and /study, /survey; the other public pages stay free of
 * per-request code. On /api it refuses every state-changing call from another origin before
 * routing, so even a path or method without a handler answers 403 code 26 rather than anything
 * else (handlers check again through the wrapper). The pages get their per-request CSP.
 */
export function proxy(req: NextRequest) {
  if (isNoncePagePath(req.nextUrl.pathname)) return withNonceCsp(req);
  if (SAFE_METHODS.has(req.method)) return NextResponse.next();
  if (CROSS_ORIGIN_API_PATHS.has(req.nextUrl.pathname)) return NextResponse.next();
  if (isAllowedOrigin(req)) return NextResponse.next();
  return errorResponse(new AppError(ErrorCode.ORIGIN_NOT_ALLOWED));
}

/**
 * The portal's pages, and every /api path except the two upload targets, POST /api/study/{id}/attachments and POST
 * /api/editor_image: when the proxy runs, Next copies the request body and passes the route only
 * its first 10 MB, which would store a larger PDF cut short. Those routes check the Origin
 * themselves (the handler wrapper does it for every route). tests/unit/proxy-matcher.test.ts
 * keeps every other route covered.
 */
export const config = {
  matcher: [
    "/admin",
    "/admin/:path*",
    "/account",
    "/account/:path*",
    "/study/:path*",
    "/survey/:path*",
    "/api",
    "/api/((?!editor_image/?$|study/[^/]+/attachments/?$).*)",
  ],
};
