import "server-only";
import { getConfig } from "@/config";
import { hmacHex } from "@/lib/crypto/tokens";

/**
 * A keyed hash under APP_SECRET of a value that must never be stored or compared in the clear
 * (an e-mail or client address). `label` keeps the uses apart.
 */
export function pseudonymousKey(label: string, value: string): string {
  return hmacHex(getConfig().appSecret, `${label}:${value}`).slice(0, 32);
}

/**
 * The key a counter is stored under. The feature and the window's start are part of the hashed
 * input, so one client's (or one address's) counters of two features, or of one feature in two
 * windows, never share a value: a database reader cannot line up a member's sign-up counter with
 * any other counter of the same client. The feature name stays readable in front, which says only
 * what was counted.
 */
export function counterKey(feature: string, subject: string, windowStart: Date): string {
  const salt = windowStart.getTime().toString(36);
  return `${feature}:${pseudonymousKey(`rate-limit:${feature}:${salt}`, subject)}`;
}
