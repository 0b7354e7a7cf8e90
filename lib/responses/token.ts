import "server-only";
import { createHmac } from "node:crypto";
import { keyObjectOf } from "@/lib/crypto/key-objects";
import { deriveKey } from "@/lib/crypto/aead";
import { responsesKeyRing, type Keyed } from "@/lib/crypto/keyring";
import { randomToken, sha256Hex } from "@/lib/crypto/tokens";

/**
 * The participant's token: 160 random bits (or derived from a submission id), shown once. The
 * database keeps only a hash of it, looked up through a unique index, so the token itself is
 * never compared. Since version 2 the hash is an HMAC under a key derived from RESPONSES_KEY
 * (defence in depth: a copy of the database alone cannot test tokens); rows of version 1 hold
 * an unkeyed SHA-256 and keep working, because a look-up tries every form.
 */
/** Tokens are base32 in lower case; people may retype them in capitals or with spaces. */
export function normaliseResponseToken(token: string): string {
  return token.replace(/[\s-]+/g, "").toLowerCase();
}

/** Version 1: what rows written before keyed hashes hold. */
export function legacyResponseTokenHash(token: string): string {
  return sha256Hex(`survey-response:${normaliseResponseToken(token)}`);
}

export function responseTokenHash(
  token: string,
  key: Keyed<Buffer> = responsesKeyRing().current,
): string {
  return createHmac("sha256", keyObjectOf(deriveKey(key.key, "survey-response-token-hash")))
    .update(normaliseResponseToken(token))
    .digest("hex");
}

/** Every hash a stored row for this token may carry: each key's, and the unkeyed one. */
export function responseTokenHashCandidates(token: string): string[] {
  return [
    ...responsesKeyRing().all.map((key) => responseTokenHash(token, key)),
    legacyResponseTokenHash(token),
  ];
}

export function newResponseToken(): { token: string; hash: string } {
  const token = randomToken();
  return { token, hash: responseTokenHash(token) };
}
