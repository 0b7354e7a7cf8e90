import "server-only";
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Derives a purpose-bound 32-byte key from a secret, so one secret can serve several uses. */
export function deriveKey(secret: string | Buffer, purpose: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "research-panel", purpose, 32));
}

/**
 * AES-256-GCM: output is iv ‖ tag ‖ ciphertext. `aad` (associated data) is authenticated but
 * not stored: decrypting needs the same value, so a ciphertext bound to its row's identity
 * fails to open anywhere else.
 */
export function encrypt(key: Buffer, plaintext: Buffer | string, aad?: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  if (aad !== undefined) cipher.setAAD(Buffer.from(aad, "utf8"));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

export function decrypt(key: Buffer, payload: Buffer, aad?: string): Buffer {
  const iv = payload.subarray(0, IV_BYTES);
  const tag = payload.subarray(IV_BYTES, IV_BYTES + TAG_BYTES);
  const body = payload.subarray(IV_BYTES + TAG_BYTES);
  // A fixed tag length: otherwise a payload cut short would be checked against a shorter tag.
  const decipher = createDecipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
  decipher.setAuthTag(tag);
  if (aad !== undefined) decipher.setAAD(Buffer.from(aad, "utf8"));
  return Buffer.concat([decipher.update(body), decipher.final()]);
}
