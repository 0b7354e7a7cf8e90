import { NextResponse, type NextRequest } from "next/server";
import { isNoncePagePath, pageCsp } from "@/lib/http/page-csp.shared";
import { getConfig } from "@/config";

/**
 * Runs on the staff portal's pages and /study, /survey, rendered per request anyway: a fresh
 * nonce each time, in a CSP without 'unsafe-inline' for scripts. Set on the request too, where
 * Next finds it and puts the nonce on its own script tags. The other public pages and every
 * /api path stay free of it: an API call's origin is checked by its handler (`route()`, the
 * refusing handlers of `otherMethods`, and the catch-all for unknown paths), so no request body
 * is copied for a proxy.
 */
export function proxy(req: NextRequest) {
  if (!isNoncePagePath(req.nextUrl.pathname)) return NextResponse.next();
  const nonce = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(18))));
  const csp = pageCsp({ production: getConfig().isProduction, nonce });
  const headers = new Headers(req.headers);
  headers.set("content-security-policy", csp);
  const res = NextResponse.next({ request: { headers } });
  res.headers.set("content-security-policy", csp);
  return res;
}

/**
 * The pages `isNoncePagePath` names; tests/unit/proxy-matcher.test.ts keeps the two in step. One
 * pattern, not one per section: Next tries every matcher on every request (static files, public
 * pages and the API included), building each one's regular expression again each time.
 */
export const config = {
  matcher: ["/:section(admin|account|study|survey)/:path*"],
};
