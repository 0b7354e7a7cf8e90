import { describe, expect, it } from "vitest";
import { hkdfSync } from "node:crypto";
import { decrypt, deriveKey, encrypt } from "@/lib/crypto/aead";
import { base32, constantTimeEqual, randomToken, sha256Hex } from "@/lib/crypto/tokens";

describe("tokens", () => {
  it("encodes base32 per RFC 4648", () => {
    expect(base32(Buffer.from("foobar"))).toBe("mzxw6ytboi");
    expect(base32(Buffer.from("f"))).toBe("my");
  });
  it("makes tokens of at least 128 bits that differ", () => {
    const a = randomToken();
    expect(a).toMatch(/^[a-z2-7]{32}$/);
    expect(randomToken()).not.toBe(a);
  });
  it("compares in constant time and hashes", () => {
    expect(constantTimeEqual("abc", "abc")).toBe(true);
    expect(constantTimeEqual("abc", "abd")).toBe(false);
    expect(constantTimeEqual("abc", "abcd")).toBe(false);
    expect(sha256Hex("abc")).toBe(
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    );
  });
});

describe("derived keys", () => {
  const hkdf = (secret: string | Buffer, purpose: string) =>
    Buffer.from(hkdfSync("sha256", secret, "research-panel", purpose, 32));

  it("are HKDF-SHA256 of the secret and purpose, the same when asked again", () => {
    const buffer = Buffer.alloc(32, 7);
    for (const secret of ["secret", buffer, Buffer.alloc(32, 8)]) {
      for (const purpose of ["totp", "survey-response-token-hash"]) {
        expect(deriveKey(secret, purpose).equals(hkdf(secret, purpose))).toBe(true);
        expect(deriveKey(secret, purpose).equals(hkdf(secret, purpose))).toBe(true);
      }
    }
    expect(deriveKey("secret", "totp").equals(deriveKey("secret", "other"))).toBe(false);
    expect(deriveKey(buffer, "totp").equals(deriveKey(Buffer.alloc(32, 8), "totp"))).toBe(false);
  });

  it("stay right past the bound of remembered keys", () => {
    for (let i = 0; i < 200; i++) {
      expect(deriveKey(`secret-${i}`, "p").equals(hkdf(`secret-${i}`, "p"))).toBe(true);
    }
    expect(deriveKey("secret-3", "p").equals(hkdf("secret-3", "p"))).toBe(true);
  });
});

describe("authenticated encryption", () => {
  it("round-trips and detects tampering", () => {
    const key = deriveKey("secret", "purpose");
    const sealed = encrypt(key, "hello");
    expect(decrypt(key, sealed).toString()).toBe("hello");
    sealed[sealed.length - 1] ^= 1;
    expect(() => decrypt(key, sealed)).toThrow();
    expect(() => decrypt(deriveKey("secret", "other"), encrypt(key, "x"))).toThrow();
  });

  it("binds the ciphertext to its associated data", () => {
    const key = deriveKey("secret", "purpose");
    const sealed = encrypt(key, "hello", "row-1");
    expect(decrypt(key, sealed, "row-1").toString()).toBe("hello");
    expect(() => decrypt(key, sealed, "row-2")).toThrow();
    expect(() => decrypt(key, sealed)).toThrow();
    expect(() => decrypt(key, encrypt(key, "hello"), "row-1")).toThrow();
  });

  it("refuses a payload whose tag was cut short", () => {
    const key = deriveKey("secret", "purpose");
    const sealed = encrypt(key, "");
    // iv (12) + a 4-byte tag and no body: accepted by GCM unless the tag length is fixed.
    expect(() => decrypt(key, sealed.subarray(0, 16))).toThrow();
  });
});
