import "server-only";
import { createCipheriv, createDecipheriv, hkdfSync } from "node:crypto";
import { keyObjectOf } from "./key-objects";
import { secureRandomBytes } from "./random";

const IV_BYTES = 12;
const TAG_BYTES = 16;

// Derived keys, by secret and purpose. HKDF costs more than the HMAC it keys (a submission
// derives two keys), and its inputs are few: the configured secrets times a handful of purposes.
// Bounded all the same, for callers that pass other secrets (a rotation, tests).
const derivedKeys = new Map<string, Buffer>();
const MAX_DERIVED_KEYS = 64;

/**
 * Derives a purpose-bound 32-byte key from a secret, so one secret can serve several uses. The
 * same inputs give the same Buffer object, derived once: callers must not write into it.
 */
export function deriveKey(secret: string | Buffer, purpose: string): Buffer {
  const id = `${purpose}\u0000${typeof secret === "string" ? `s${secret}` : `b${secret.toString("base64")}`}`;
  let key = derivedKeys.get(id);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", secret, "research-panel", purpose, 32));
    if (derivedKeys.size >= MAX_DERIVED_KEYS) derivedKeys.clear();
    derivedKeys.set(id, key);
  }
  return key;
}

/**
 * AES-256-GCM: output is iv ‖ tag ‖ ciphertext. `aad` (associated data) is authenticated but
 * not stored: decrypting needs the same value, so a ciphertext bound to its row's identity
 * fails to open anywhere else.
 */
export function encrypt(key: Buffer, plaintext: Buffer | string, aad?: string): Buffer {
  const iv = secureRandomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", keyObjectOf(key), iv);
  if (aad !== undefined) cipher.setAAD(Buffer.from(aad, "utf8"));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

export function decrypt(key: Buffer, payload: Buffer, aad?: string): Buffer {
  const iv = payload.subarray(0, IV_BYTES);
  const tag = payload.subarray(IV_BYTES, IV_BYTES + TAG_BYTES);
  const body = payload.subarray(IV_BYTES + TAG_BYTES);
  // A fixed tag length: otherwise a payload cut short would be checked against a shorter tag.
  const decipher = createDecipheriv("aes-256-gcm", keyObjectOf(key), iv, {
    authTagLength: TAG_BYTES,
  });
  decipher.setAuthTag(tag);
  if (aad !== undefined) decipher.setAAD(Buffer.from(aad, "utf8"));
  return Buffer.concat([decipher.update(body), decipher.final()]);
}
