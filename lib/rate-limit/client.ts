import "server-only";
import { getConfig } from "@/config";
import { addressBlock } from "./address-block";
import { pseudonymousKey } from "./keys";
import { SITE_WIDE, type RateLimitRule } from "./limiter";

/**
 * The caller's address as our own proxies saw it, or null when it can't be known. Route handlers
 * don't see the socket, and a client may send any X-Forwarded-For it likes, so the header is only
 * believed with TRUST_PROXY=1, and then only the entry our outermost proxy appended
 * (TRUST_PROXY_HOPS from the right). A header with fewer entries than our proxies append did not
 * come through all of them: its entries are the client's own words, so the client is unknown.
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
  if (parts.length < o.hops) return null;
  return parts[parts.length - o.hops].slice(0, 64);
}

/** The client key of every caller whose address can't be known (no trusted proxy). */
export const UNKNOWN_CLIENT = "unknown";

/**
 * The caller's client key: a keyed hash of the address, never the address, and itself never
 * stored (counter keys hash it again with the feature and the window). Unknown callers all get
 * UNKNOWN_CLIENT, which no per-client limit counts: they meet the site-wide ceilings instead, so a
 * forged header escapes nothing and a few visitors can't shut everyone out.
 */
export function clientKey(req: Request): string {
  const config = getConfig();
  const address = clientAddress(req.headers, {
    trustProxy: config.trustProxy,
    hops: config.trustProxyHops,
  });
  if (!address) return UNKNOWN_CLIENT;
  return `c${pseudonymousKey("client-address", addressBlock(address))}`;
}

/** A per-client rule, or none when the client is unknown. */
export function perClientRule(
  feature: string,
  client: string,
  limit: number,
  windowSeconds: number,
  store?: RateLimitRule["store"],
): RateLimitRule[] {
  if (client === UNKNOWN_CLIENT) return [];
  return [{ feature, subject: client, limit, windowSeconds, store }];
}

/**
 * The limits of a public feature, as the handler wrapper's `rateLimit` option takes them. Counted
 * so that neither junk nor one client can spend everyone else's budget:
 * - before validation, every request: the client's junk budget, larger than its per-client one;
 * - after validation, only well-formed requests: the per-client budget, then the site-wide
 *   ceiling (in Postgres, in both proxy modes). A request refused by a per-client, per-account
 *   or per-address rule gives its ceiling unit back, so it never counts there.
 */
export type ClientBudget = {
  feature: string;
  windowSeconds: number;
  /**
   * Every caller together, well-formed requests that passed the per-client rules. Left out
   * where the domain counts site-wide itself (sign-in: failures only) and where a ceiling must
   * never refuse (leaving the panel).
   */
  siteWide?: number;
  /** One client, valid requests or not. */
  junkPerClient: number;
  /** One client, valid requests only. Left out where the domain counts per client itself. */
  perClient?: number;
  /**
   * Where the per-client and junk counters live. "memory" keeps them out of the database, per
   * instance (anonymous survey submission); the site-wide ceiling is always in the database.
   */
  clientStore?: RateLimitRule["store"];
};

export function beforeValidationRules(budget: ClientBudget, client: string): RateLimitRule[] {
  return perClientRule(
    `${budget.feature}-any`,
    client,
    budget.junkPerClient,
    budget.windowSeconds,
    budget.clientStore,
  );
}

/**
 * The budget's rules once the input is valid, with the input's own (per address, per account)
 * after the per-client rule and before the ceiling: narrow rules refuse first.
 */
export function afterValidationRules(
  budget: ClientBudget,
  client: string,
  inputRules: RateLimitRule[] = [],
): RateLimitRule[] {
  return [
    ...(budget.perClient === undefined
      ? []
      : perClientRule(
          budget.feature,
          client,
          budget.perClient,
          budget.windowSeconds,
          budget.clientStore,
        )),
    ...inputRules,
    ...(budget.siteWide === undefined
      ? []
      : [siteWideRule(`${budget.feature}-site`, budget.siteWide, budget.windowSeconds)]),
  ];
}

/** A ceiling shared by every caller, always in the database. */
export function siteWideRule(feature: string, limit: number, windowSeconds: number): RateLimitRule {
  return { feature, subject: SITE_WIDE, limit, windowSeconds };
}
