import "server-only";
import { getConfig } from "@/lib/config";
import { pseudonymousKey } from "./keys";
import type { RateLimitRule } from "./limiter";

/**
 * The caller's address as our own proxies saw it, or null when it can't be known. Route handlers
 * don't see the socket, and a client may send any X-Forwarded-For it likes, so the header is only
 * believed with TRUST_PROXY=1, and then only the entry our outermost proxy appended
 * (TRUST_PROXY_HOPS from the right).
 */
export function clientAddress(
  headers: Headers,
  o: { trustProxy: boolean; hops: number },
): string | null {
  if (!o.trustProxy) return null;
  const parts = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0) return null;
  return parts[Math.max(0, parts.length - o.hops)].slice(0, 64);
}

/** The key every caller gets when the address can't be known (no trusted proxy). */
export const SHARED_CLIENT_KEY = "shared";

/**
 * A per-client rate-limit key. Addresses are never stored: the key is an HMAC of the address,
 * so the counters can't be matched with anything else in the database. Without a trusted proxy
 * every caller shares one key, which keeps the limits honest (a forged header can't escape them)
 * at the price of sharing them; per-account and per-address limits apply in any case.
 */
export function clientKey(req: Request): string {
  const config = getConfig();
  const address = clientAddress(req.headers, {
    trustProxy: config.trustProxy,
    hops: config.trustProxyHops,
  });
  if (!address) return SHARED_CLIENT_KEY;
  return `c${pseudonymousKey("client-address", address)}`;
}

/**
 * A per-client limit, or a site-wide ceiling when every caller shares one key (no trusted
 * proxy): the per-client figure would then shut everyone out after a handful of visitors.
 */
export function clientLimit(client: string, perClient: number, siteWide: number): number {
  return client === SHARED_CLIENT_KEY ? siteWide : perClient;
}

/** How often one client may call a feature, and how often everyone together may without a proxy. */
export type ClientBudget = { perClient: number; siteWide: number; windowSeconds: number };

/**
 * The one per-client rule of a feature, as the handler wrapper's `rateLimit` option takes it:
 * keyed by the feature and the handler's client key, never by an address.
 */
export function perClientLimits(
  feature: string,
  budget: ClientBudget,
): (client: string) => RateLimitRule[] {
  return (client) => [
    {
      key: `${feature}:${client}`,
      limit: clientLimit(client, budget.perClient, budget.siteWide),
      windowSeconds: budget.windowSeconds,
    },
  ];
}
