import { describe, expect, it } from "vitest";
import { openTotpSecret, readTotpSecret, sealTotpSecret } from "@/lib/auth/totp";
import { ConfigError, parseConfig } from "@/config";
import { deriveKey, encrypt } from "@/lib/crypto/aead";
import { appSecretRing, keyId } from "@/lib/crypto/keyring";
import { hmacHex } from "@/lib/crypto/tokens";
import { AppError } from "@/lib/errors/app-error";
import { stopTokenFor } from "@/lib/links/panel";
import { stopTokenMatches } from "@/lib/panel/tokens";
import { withEnv } from "../support/config";

const OLD = "old-secret-old-secret-old-secret-0123456789";
const NEW = "new-secret-new-secret-new-secret-0123456789";
const member = { id: 31, stopNonce: "nonce-31" };

describe("configuration of earlier keys", () => {
  const base = {
    NODE_ENV: "test",
    APP_SECRET: NEW,
    RESPONSES_KEY: Buffer.alloc(32, 1).toString("base64"),
  };

  it("reads comma-separated lists of earlier secrets and keys", () => {
    const other = Buffer.alloc(32, 2).toString("base64");
    const config = parseConfig({
      ...base,
      APP_SECRET_PREVIOUS: ` ${OLD} , ${"x".repeat(40)}`,
      RESPONSES_KEY_PREVIOUS: other,
    });
    expect(config.appSecretsPrevious).toEqual([OLD, "x".repeat(40)]);
    expect(config.responsesKeysPrevious.map((k) => k.toString("base64"))).toEqual([other]);
    expect(parseConfig(base).appSecretsPrevious).toEqual([]);
  });

  it("refuses a short earlier secret, a key of the wrong size and the current key repeated", () => {
    expect(() => parseConfig({ ...base, APP_SECRET_PREVIOUS: "short" })).toThrow(ConfigError);
    expect(() => parseConfig({ ...base, APP_SECRET_PREVIOUS: NEW })).toThrow(/current APP_SECRET/);
    expect(() => parseConfig({ ...base, RESPONSES_KEY_PREVIOUS: "abc" })).toThrow(/32 bytes/);
    expect(() => parseConfig({ ...base, RESPONSES_KEY_PREVIOUS: base.RESPONSES_KEY })).toThrow(
      /current RESPONSES_KEY/,
    );
  });

  it("names every key by a fingerprint that does not depend on the list's order", async () => {
    const ids = await withEnv({ APP_SECRET: NEW, APP_SECRET_PREVIOUS: OLD }, () =>
      appSecretRing().all.map((k) => k.id),
    );
    expect(ids).toEqual([keyId(NEW), keyId(OLD)]);
    expect(keyId(NEW)).toMatch(/^[0-9a-f]{8}$/);
    expect(keyId(NEW)).not.toBe(keyId(OLD));
  });
});

describe("stop links across an APP_SECRET rotation", () => {
  it("carry the id of the secret they were made with", async () => {
    const token = await withEnv({ APP_SECRET: OLD }, () => stopTokenFor(member));
    expect(token).toMatch(new RegExp(`^${keyId(OLD)}\\.[0-9a-f]{64}$`));
  });

  it("keep working after a rotation while the old secret is kept as a previous one", async () => {
    const token = await withEnv({ APP_SECRET: OLD }, () => stopTokenFor(member));
    await withEnv({ APP_SECRET: NEW, APP_SECRET_PREVIOUS: OLD }, () => {
      expect(stopTokenMatches(member, token)).toBe(true);
      // New mails carry the new secret's id.
      expect(stopTokenFor(member).startsWith(`${keyId(NEW)}.`)).toBe(true);
      expect(stopTokenMatches(member, stopTokenFor(member))).toBe(true);
    });
    await withEnv({ APP_SECRET: NEW }, () => {
      expect(stopTokenMatches(member, token)).toBe(false);
    });
  });

  it("accept a link from before key ids (the bare HMAC) under any configured secret", async () => {
    const legacy = hmacHex(OLD, `panel-stop:${member.id}:${member.stopNonce}`);
    await withEnv({ APP_SECRET: NEW, APP_SECRET_PREVIOUS: OLD }, () => {
      expect(stopTokenMatches(member, legacy)).toBe(true);
      expect(stopTokenMatches({ ...member, id: 32 }, legacy)).toBe(false);
    });
    await withEnv({ APP_SECRET: NEW }, () => {
      expect(stopTokenMatches(member, legacy)).toBe(false);
    });
  });

  it("refuse a token that names one secret but was made with another", async () => {
    const token = await withEnv({ APP_SECRET: OLD }, () => stopTokenFor(member));
    const relabelled = `${keyId(NEW)}.${token.split(".")[1]}`;
    await withEnv({ APP_SECRET: NEW, APP_SECRET_PREVIOUS: OLD }, () => {
      expect(stopTokenMatches(member, relabelled)).toBe(false);
      expect(stopTokenMatches(member, `ffffffff.${token.split(".")[1]}`)).toBe(false);
    });
  });
});

describe("two-factor secrets across an APP_SECRET rotation", () => {
  it("are stored with the id of the secret that sealed them", async () => {
    const sealed = await withEnv({ APP_SECRET: OLD }, () => sealTotpSecret("JBSWY3DPEHPK3PXP"));
    expect(sealed.startsWith(`v2.${keyId(OLD)}.`)).toBe(true);
    expect(sealed).not.toContain("JBSWY3DPEHPK3PXP");
  });

  it("stay readable under a previous secret, and say so clearly (code 29) once it is gone", async () => {
    const sealed = await withEnv({ APP_SECRET: OLD }, () => sealTotpSecret("JBSWY3DPEHPK3PXP"));
    await withEnv({ APP_SECRET: NEW, APP_SECRET_PREVIOUS: OLD }, () => {
      expect(openTotpSecret(sealed)).toBe("JBSWY3DPEHPK3PXP");
    });
    await withEnv({ APP_SECRET: NEW }, () => {
      expect(readTotpSecret(sealed)).toBeNull();
      let thrown: unknown;
      try {
        openTotpSecret(sealed);
      } catch (e) {
        thrown = e;
      }
      expect(thrown).toBeInstanceOf(AppError);
      expect((thrown as AppError).code).toBe(29);
    });
  });

  it("are opened only with the secret their id names", async () => {
    const sealed = await withEnv({ APP_SECRET: OLD }, () => sealTotpSecret("JBSWY3DPEHPK3PXP"));
    // The same ciphertext, relabelled as sealed with the current secret.
    const relabelled = sealed.replace(`v2.${keyId(OLD)}.`, `v2.${keyId(NEW)}.`);
    await withEnv({ APP_SECRET: NEW, APP_SECRET_PREVIOUS: OLD }, () => {
      expect(readTotpSecret(sealed)).toBe("JBSWY3DPEHPK3PXP");
      expect(readTotpSecret(relabelled)).toBeNull();
    });
  });

  it("read secrets sealed before key ids (bare base64) under any configured secret", async () => {
    const legacy = encrypt(deriveKey(OLD, "totp"), "JBSWY3DPEHPK3PXP").toString("base64");
    await withEnv({ APP_SECRET: NEW, APP_SECRET_PREVIOUS: OLD }, () => {
      expect(openTotpSecret(legacy)).toBe("JBSWY3DPEHPK3PXP");
    });
    await withEnv({ APP_SECRET: OLD }, () => {
      expect(openTotpSecret(legacy)).toBe("JBSWY3DPEHPK3PXP");
    });
    await withEnv({ APP_SECRET: NEW }, () => {
      expect(readTotpSecret(legacy)).toBeNull();
    });
  });
});
