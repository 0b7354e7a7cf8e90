import { getConfig } from "@/lib/config";
import { hmacHex } from "@/lib/crypto/tokens";
import type { RateLimitRule } from "@/lib/http/rate-limit";

const HOUR = 3600;

/**
 * Counters near survey responses never hold an address: the client is keyed by a keyed hash.
 * A counter row is only (key, window start, count): the response row is not touched by it and
 * carries no time of day, so nothing ties the two together. Old windows are swept after a day.
 */
function clientKey(ip: string): string {
  return hmacHex(getConfig().appSecret, `survey-client:${ip}`).slice(0, 32);
}

/**
 * Submissions per client: against flooding a study with made-up responses. Generous, because
 * people at one place (a school, a shelter) may share one address.
 */
export const submitLimitsPerClient = (ip: string): RateLimitRule[] => [
  { key: `survey-submit:client:${clientKey(ip)}`, limit: 60, windowSeconds: HOUR },
];

/** Token look-ups and deletions per client: tokens have 160 bits, this only blunts floods. */
export const tokenLimitsPerClient = (ip: string): RateLimitRule[] => [
  { key: `survey-token:client:${clientKey(ip)}`, limit: 30, windowSeconds: 15 * 60 },
];
