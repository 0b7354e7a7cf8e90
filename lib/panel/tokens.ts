import "server-only";
import { constantTimeEqual, randomToken, sha256Hex } from "@/lib/crypto/tokens";
import { stopTokenFor } from "@/lib/links/panel";

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

/** Whether a stop link's token is the member's (see `stopTokenFor`), compared in constant time. */
export function stopTokenMatches(
  member: { id: number; stopNonce: string },
  token: string,
): boolean {
  return constantTimeEqual(stopTokenFor(member), token);
}
