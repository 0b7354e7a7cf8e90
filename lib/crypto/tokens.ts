import "server-only";
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { secureRandomBytes } from "./random";

const BASE32 = "abcdefghijklmnopqrstuvwxyz234567";

/** RFC 4648 base32 without padding, lower case: safe in cookies and URLs. */
export function base32(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** A random token of `bytes` bytes (default 20 = 160 bits), base32-encoded. */
export function randomToken(bytes = 20): string {
  return base32(secureRandomBytes(bytes));
}

export function sha256Hex(value: string | Uint8Array): string {
  return createHash("sha256").update(value).digest("hex");
}

export function hmacHex(key: string, value: string): string {
  return createHmac("sha256", key).update(value).digest("hex");
}

/** Compares two strings without leaking where they differ. */
export function constantTimeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  if (ab.length !== bb.length) {
    timingSafeEqual(ab, ab);
    return false;
  }
  return timingSafeEqual(ab, bb);
}
