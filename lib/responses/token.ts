import "server-only";
import { randomToken, sha256Hex } from "@/lib/crypto/tokens";

/**
 * The participant's token: 160 random bits, shown once. Only its SHA-256 is stored, and a
 * lookup goes by that hash through a unique index, so the token itself is never compared.
 */
export function newResponseToken(): { token: string; hash: string } {
  const token = randomToken();
  return { token, hash: responseTokenHash(token) };
}

/** Tokens are base32 in lower case; people may retype them in capitals or with spaces. */
export function normaliseResponseToken(token: string): string {
  return token.replace(/[\s-]+/g, "").toLowerCase();
}

export function responseTokenHash(token: string): string {
  return sha256Hex(`survey-response:${normaliseResponseToken(token)}`);
}
