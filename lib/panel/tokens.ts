import { getConfig } from "@/lib/config";
import { constantTimeEqual, hmacHex, randomToken, sha256Hex } from "@/lib/crypto/tokens";
import { pseudonymousKey } from "@/lib/http/rate-limit-key";

export const VERIFICATION_TTL_MS = 48 * 3600 * 1000;

/** A fresh verification token (160 bits) and the hash that is all the database keeps of it. */
export function newVerificationToken(): { token: string; hash: string } {
  const token = randomToken(20);
  return { token, hash: sha256Hex(token) };
}

export function verificationTokenMatches(token: string, storedHash: string | null): boolean {
  if (!storedHash) return false;
  return constantTimeEqual(sha256Hex(token), storedHash);
}

/** The random value mixed into a member's stop token; set once when the member row is created. */
export function newStopNonce(): string {
  return randomToken(16);
}

/**
 * The stop token of a member: derived, never stored, so every mail's stop link keeps working
 * until the member leaves (the row and its nonce are gone then).
 */
export function stopTokenFor(member: { id: number; stopNonce: string }): string {
  return hmacHex(getConfig().appSecret, `panel-stop:${member.id}:${member.stopNonce}`);
}

export function stopTokenMatches(member: { id: number; stopNonce: string }, token: string): boolean {
  return constantTimeEqual(stopTokenFor(member), token);
}

/**
 * Rate-limit keys must not hold an address (after leaving, no table may), so the address is
 * replaced by a keyed hash that nobody without APP_SECRET can test guesses against.
 */
export function emailRateKey(email: string): string {
  return pseudonymousKey("panel-rate", email);
}
