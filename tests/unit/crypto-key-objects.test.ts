import { describe, expect, it, vi } from "vitest";

// Counts the keys Node is asked to import, with the real function doing the work.
const imported = vi.hoisted(() => ({ count: 0, hmacKeys: [] as unknown[] }));
vi.mock("node:crypto", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:crypto")>();
  const createSecretKey = ((...args: Parameters<typeof actual.createSecretKey>) => {
    imported.count++;
    return actual.createSecretKey(...args);
  }) as typeof actual.createSecretKey;
  // Records the key each HMAC is given.
  const createHmac = ((algorithm: string, key: Parameters<typeof actual.createHmac>[1]) => {
    imported.hmacKeys.push(key);
    return actual.createHmac(algorithm, key);
  }) as typeof actual.createHmac;
  return {
    ...actual,
    default: { ...actual, createSecretKey, createHmac },
    createSecretKey,
    createHmac,
  };
});

const { createHmac, KeyObject } = await import("node:crypto");
const { decrypt, deriveKey, encrypt } = await import("@/lib/crypto/aead");
const { responseTokenHash } = await import("@/lib/responses/token");
const { deriveSubmission } = await import("@/lib/responses/submission");

describe("authenticated encryption's keys", () => {
  it("are imported once per key, however often it seals and opens", () => {
    const key = deriveKey("key-objects", "purpose");
    const before = imported.count;
    for (let i = 0; i < 5; i++) {
      expect(decrypt(key, encrypt(key, `message ${i}`)).toString()).toBe(`message ${i}`);
    }
    expect(imported.count - before).toBe(1);
  });

  it("follow the key's bytes: an equal key in another Buffer opens, another key does not", () => {
    const sealed = encrypt(Buffer.alloc(32, 4), "x", "row:1");
    expect(decrypt(Buffer.alloc(32, 4), sealed, "row:1").toString()).toBe("x");
    expect(() => decrypt(Buffer.alloc(32, 5), sealed, "row:1")).toThrow();
  });
});

describe("the responses' keyed hashes", () => {
  const key = { id: "k1", key: Buffer.alloc(32, 9) };

  it("import their derived keys once, however many hashes they make", () => {
    responseTokenHash("warm-up", key);
    deriveSubmission(1, "submission-warm-up", { sent: [] }, key);
    const before = imported.count;
    imported.hmacKeys = [];
    for (let i = 0; i < 5; i++) {
      responseTokenHash(`token-${i}`, key);
      deriveSubmission(1, `submission-${i}`, { sent: [] }, key);
    }
    expect(imported.count - before).toBe(0);
    // A token hash, and a submission's token, submission hash and answers hash, each time: all
    // from imported keys.
    expect(imported.hmacKeys).toHaveLength(20);
    expect(imported.hmacKeys.every((k) => k instanceof KeyObject)).toBe(true);
  });

  it("are the HMAC of the derived key's bytes, as before", () => {
    const derived = deriveKey(key.key, "survey-response-token-hash");
    const expected = createHmac("sha256", Buffer.from(derived)).update("abcdef").digest("hex");
    expect(responseTokenHash("ABC-DEF", key)).toBe(expected);
  });
});
