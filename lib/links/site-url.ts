import "server-only";
import { getConfig } from "@/config";
import { fragmentOf } from "./fragment.shared";

/**
 * An absolute address on this site, for mails: built from APP_URL (kept with any path it has),
 * never from a request's Host header, which a caller could choose. `path` starts with "/".
 */
export function siteUrl(path: string, query: Record<string, string | number> = {}): string {
  const url = new URL(`${getConfig().appUrl}${path}`);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value));
  return url.toString();
}

/**
 * A page link that carries a token: the parameters go in the fragment, which browsers never
 * send, so the token stays out of proxy and server logs (lib/links/fragment.shared.ts).
 */
export function siteUrlWithFragment(path: string, params: Record<string, string | number>): string {
  return `${siteUrl(path)}${fragmentOf(params)}`;
}
