import "server-only";
import { clientLimit, perClientLimits } from "@/lib/rate-limit/client";
import type { RateLimitRule } from "@/lib/rate-limit/limiter";
import { emailRateKey } from "./tokens";

const HOUR = 3600;

/**
 * Sign-up limits. Both are counted before the address is looked up, so a refusal (429 code 23)
 * is the same for a new, a pending and a confirmed address and reveals nothing about membership.
 */
export const signupLimitsPerClient = (ip: string): RateLimitRule[] => [
  { key: `panel-signup:ip:${ip}`, limit: clientLimit(ip, 20, 500), windowSeconds: HOUR },
];

export const signupLimitsPerAddress = (email: string): RateLimitRule[] => [
  { key: `panel-signup:email:${emailRateKey(email)}`, limit: 5, windowSeconds: HOUR },
];

/** Verify, stop and one-click unsubscribe: tokens are 160+ bits, this only blunts floods. */
export const panelLinkLimits = (action: "verify" | "stop" | "unsubscribe") =>
  perClientLimits(`panel-${action}`, { perClient: 30, siteWide: 600, windowSeconds: 600 });
