import "server-only";
import { perClientLimits } from "@/lib/rate-limit/client";

/**
 * Submissions per client, against flooding a study with made-up responses. The client is the
 * handler's client key: an HMAC of the address, never the address, so a counter row is only
 * (key, window start, count) and nothing ties it to a response (which has no time of day and is
 * not written in the same transaction). Generous, because people at one place (a school, a
 * shelter) may share an address. Without a trusted proxy every caller shares one key; the limit
 * is then a site-wide ceiling, set well above what a mail-out to the whole panel brings in.
 */
export const submitLimitsPerClient = perClientLimits("survey-submit", {
  perClient: 60,
  siteWide: 2000,
  windowSeconds: 3600,
});

/**
 * Token look-ups and deletions per client, sharing one budget: tokens have 160 bits, so this
 * only blunts floods (and, shared by everyone without a trusted proxy, stays generous).
 */
export const responseTokenLimits = perClientLimits("survey-token", {
  perClient: 30,
  siteWide: 300,
  windowSeconds: 15 * 60,
});
