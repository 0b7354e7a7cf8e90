import "server-only";
import { getConfig } from "@/lib/config";
import { hmacHex } from "@/lib/crypto/tokens";

/**
 * What a rate-limit key holds in place of an e-mail or client address: a keyed hash under
 * APP_SECRET, so the counters never store the value and nobody without the secret can test
 * guesses against them. `label` keeps the uses apart.
 */
export function pseudonymousKey(label: string, value: string): string {
  return hmacHex(getConfig().appSecret, `${label}:${value}`).slice(0, 32);
}
