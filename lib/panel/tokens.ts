import "server-only";
import { constantTimeEqual, randomToken, sha256Hex } from "@/lib/crypto/tokens";
import { appSecretRing } from "@/lib/crypto/keyring";
import { stopMac } from "@/lib/links/panel";

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
 * Whether a stop link's token is the member's (see `stopTokenFor`), compared in constant time:
 * under the APP_SECRET the token names, or, for a token from before key ids, under each
 * configured one.
 */
export function stopTokenMatches(
  member: { id: number; stopNonce: string },
  token: string,
): boolean {
  const ring = appSecretRing();
  const dot = token.indexOf(".");
  if (dot === -1) return ring.all.some((key) => constantTimeEqual(stopMac(member, key), token));
  const key = ring.byId(token.slice(0, dot));
  return key !== undefined && constantTimeEqual(stopMac(member, key), token.slice(dot + 1));
}
