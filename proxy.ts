import { NextResponse, type NextRequest } from "next/server";
import { isNoncePagePath, pageCsp } from "@/lib/http/page-csp.shared";
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE } from "@/lib/i18n/locales.shared";
import { visibleLocale } from "@/lib/i18n/visible-locale.shared";
import { getConfig } from "@/config";

/**
 * Runs on two kinds of page address, and on no other path.
 *
 * An address that names its language (`/en/research`) stores that language in the cookie the
 * rewrites read and redirects to the address without it: the language switcher's links, so
 * that choosing a language works before the page's scripts run, or without them.
 *
 * The staff portal's pages and /study, /survey, rendered per request anyway, get a fresh nonce
 * each time, in a CSP without 'unsafe-inline' for scripts. Set on the request too, where Next
 * finds it and puts the nonce on its own script tags. The other public pages and every /api
 * path stay free of the proxy: an API call's origin is checked by its handler (`route()`, the
 * refusing handlers of `otherMethods`, and the catch-all for unknown paths), so no request body
 * is copied for a proxy.
 */
export function proxy(req: NextRequest) {
  const named = visibleLocale(req.nextUrl.pathname);
  if (named) return chooseLocale(req, named.locale, named.path);
  if (!isNoncePagePath(req.nextUrl.pathname)) return NextResponse.next();
  const nonce = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(18))));
  const csp = pageCsp({ production: getConfig().isProduction, nonce });
  const headers = new Headers(req.headers);
  headers.set("content-security-policy", csp);
  const res = NextResponse.next({ request: { headers } });
  res.headers.set("content-security-policy", csp);
  return res;
}

function chooseLocale(req: NextRequest, locale: string, path: string) {
  const target = req.nextUrl.clone();
  target.pathname = path;
  const res = NextResponse.redirect(target, 307);
  res.cookies.set(LOCALE_COOKIE, locale, {
    path: "/",
    maxAge: LOCALE_COOKIE_MAX_AGE,
    sameSite: "lax",
    secure: getConfig().isProduction,
  });
  // An answer that sets a cookie is this visitor's alone: no shared cache may keep it.
  res.headers.set("cache-control", "private, no-store");
  return res;
}

/**
 * The pages `isNoncePagePath` names and the addresses `visibleLocale` reads (their language in
 * any case, as it reads them);
 * tests/unit/proxy-matcher.test.ts keeps them in step. One pattern, not one per section: Next
 * tries every matcher on every request (static files, public pages and the API included),
 * building each one's regular expression again each time.
 */
export const config = {
  matcher: ["/:section(admin|account|study|survey|[nN][lL]|[eE][nN])/:path*"],
};
