import { generate } from "otplib";
import { describe, expect, it, vi } from "vitest";
import {
  checkTotp,
  newTotpSecret,
  openTotpSecret,
  sealTotpSecret,
  totpQrCode,
} from "@/lib/auth/totp";
import { hashPassword, spendPasswordCheck, verifyPassword } from "@/lib/auth/password";

// RFC 6238 appendix B: the SHA-1 secret "12345678901234567890" (base32 below) at T = 59 s
// gives 94287082; six digits are its last six.
const RFC_SECRET = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";

describe("TOTP", () => {
  it("matches the RFC 6238 test vector", async () => {
    const result = await checkTotp(RFC_SECRET, "287082", null, new Date(59_000));
    expect(result).toEqual({ valid: true, timeStep: 1 });
  });

  it("refuses the step it last accepted and older ones (replay guard)", async () => {
    const at = new Date("2030-01-01T00:00:15Z");
    const code = await generate({ secret: RFC_SECRET, epoch: at.getTime() / 1000 });
    const first = await checkTotp(RFC_SECRET, code, null, at);
    expect(first.valid).toBe(true);
    const step = first.valid ? first.timeStep : -1;
    expect(await checkTotp(RFC_SECRET, code, step, at)).toEqual({ valid: false });
    expect(await checkTotp(RFC_SECRET, code, step - 1, at)).toEqual({
      valid: true,
      timeStep: step,
    });
  });

  it("refuses anything that is not six digits", async () => {
    expect(await checkTotp(RFC_SECRET, "28708", null, new Date(59_000))).toEqual({ valid: false });
    expect(await checkTotp(RFC_SECRET, "2870822", null, new Date(59_000))).toEqual({
      valid: false,
    });
  });

  it("stores secrets encrypted, differently each time", () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const a = sealTotpSecret(secret);
    const b = sealTotpSecret(secret);
    expect(a).not.toBe(b);
    expect(a).not.toContain(secret);
    expect(openTotpSecret(a)).toBe(secret);
    expect(() =>
      openTotpSecret(Buffer.from("tampered-tampered-tampered-tampered").toString("base64")),
    ).toThrow();
  });
});

describe("password hashing", () => {
  it("uses argon2id with m=19456, t=2, p=1 and verifies", async () => {
    const hash = await hashPassword("Correct-Horse-9");
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, "Correct-Horse-9")).toBe(true);
    expect(await verifyPassword(hash, "correct-horse-9")).toBe(false);
    expect(await verifyPassword("not a hash", "x")).toBe(false);
  });
});

describe("TOTP at the edges of time", () => {
  it("refuses every code while the clock reads the first 30 seconds of 1970", async () => {
    const at = new Date(10_000);
    const code = await generate({ secret: RFC_SECRET, epoch: 10 });
    expect(await checkTotp(RFC_SECRET, code, null, at)).toEqual({ valid: false });
  });

  it("refuses, without an error, when the last step used is the newest a code could have", async () => {
    const at = new Date("2030-01-01T00:00:15Z");
    const epoch = at.getTime() / 1000;
    const newest = Math.floor((epoch + 30) / 30);
    const code = await generate({ secret: RFC_SECRET, epoch: epoch + 30 });
    expect(await checkTotp(RFC_SECRET, code, newest, at)).toEqual({ valid: false });
    expect(await checkTotp(RFC_SECRET, code, newest + 5, at)).toEqual({ valid: false });
  });

  it("reads a negative last step as no code used yet", async () => {
    const at = new Date("2030-01-01T00:00:15Z");
    const code = await generate({ secret: RFC_SECRET, epoch: at.getTime() / 1000 });
    expect(await checkTotp(RFC_SECRET, code, -1, at)).toEqual({
      valid: true,
      timeStep: Math.floor(at.getTime() / 30_000),
    });
  });
});

describe("an unreadable two-factor secret", () => {
  it("is logged with the account it belongs to, and nothing of the secret", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const sealed = Buffer.from("not a secret sealed by any key here").toString("base64");
      expect(() => openTotpSecret(sealed, 4711)).toThrow();
      expect(warn).toHaveBeenCalledTimes(1);
      const line = JSON.parse(String(warn.mock.calls[0]?.[0])) as Record<string, unknown>;
      expect(line).toMatchObject({
        level: "warn",
        scope: "auth",
        message: "two-factor secret unreadable: APP_SECRET changed without APP_SECRET_PREVIOUS",
        userId: 4711,
      });
      expect(JSON.stringify(line)).not.toContain(sealed);
    } finally {
      warn.mockRestore();
    }
  });
});

describe("the set-up QR code", () => {
  it("is a 240-pixel PNG, as the account page lays it out", async () => {
    const png = Buffer.from(await totpQrCode("someone@example.org", RFC_SECRET), "base64");
    // The PNG signature, then the IHDR chunk: width and height as 32-bit big-endian numbers.
    expect(png.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
    expect(png.subarray(12, 16).toString("ascii")).toBe("IHDR");
    expect(png.readUInt32BE(16)).toBe(240);
    expect(png.readUInt32BE(20)).toBe(240);
  });
});

describe("the check for an account without a password", () => {
  it("answers false, like a wrong password", async () => {
    await expect(spendPasswordCheck("anything")).resolves.toBe(false);
  });
});
