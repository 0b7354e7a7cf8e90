import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { checkTotp, newTotpSecret, openTotpSecret, sealTotpSecret } from "@/lib/auth/totp";
import { hashPassword, verifyPassword } from "@/lib/auth/password";

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
