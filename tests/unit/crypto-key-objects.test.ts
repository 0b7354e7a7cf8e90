import { describe, expect, it, vi } from "vitest";

// Counts the keys Node is asked to import, with the real function doing the work.
const imported = vi.hoisted(() => ({ count: 0 }));
vi.mock("node:crypto", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:crypto")>();
  const createSecretKey = ((...args: Parameters<typeof actual.createSecretKey>) => {
    imported.count++;
    return actual.createSecretKey(...args);
  }) as typeof actual.createSecretKey;
  return { ...actual, default: { ...actual, createSecretKey }, createSecretKey };
});

const { decrypt, deriveKey, encrypt } = await import("@/lib/crypto/aead");

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
