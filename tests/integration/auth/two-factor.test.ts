import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { loginChallenges, sessions } from "@/db/schema";
import { openTotpSecret } from "@/lib/auth/totp";
import { sha256Hex } from "@/lib/crypto/tokens";
import * as generate2fa from "@/app/api/generate_2fa_secret/route";
import * as enable2fa from "@/app/api/enable_2fa/route";
import * as disable2fa from "@/app/api/disable_2fa/route";
import * as login from "@/app/api/login/route";
import * as login2fa from "@/app/api/login_2fa/route";
import * as whoami from "@/app/api/whoami/route";
import { call, cookieFrom } from "../../support/http";
import { account, codeAt, PASSWORD, quietLogs, signIn, userRow } from "../../support/auth";

quietLogs();

// Date alone is faked and set to the middle of a 30-second step, so "this step", "the next
// one" and "the one before" are exact.
const T0 = new Date("2030-05-06T12:00:15Z");
const later = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(T0);
});
afterEach(() => vi.useRealTimers());

/** The password step of an account with two-factor on: returns the challenge Cookie header. */
async function passwordStep(email: string) {
  const res = await call(login.POST, { body: { email, password: PASSWORD } });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ two_factor_required: true });
  expect(res.setCookies.some((c) => c.startsWith("session="))).toBe(false);
  const line = res.setCookies.find((c) => c.startsWith("login_challenge="))!;
  expect(line).toContain("HttpOnly");
  expect(line).toContain("Max-Age=300");
  return cookieFrom(res.setCookies, "login_challenge")!;
}

describe("turning two-factor on and off", () => {
  it("generate_2fa_secret answers a QR code (base64 PNG, no data: prefix) and keeps the secret encrypted", async () => {
    const { email, user } = await account();
    const cookie = await signIn(email);
    const res = await call(generate2fa.GET, { cookie });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["qr_code", "totp_secret"]);
    expect(res.body.qr_code.startsWith("data:")).toBe(false);
    const png = Buffer.from(res.body.qr_code, "base64");
    expect(png.subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );
    expect(res.body.totp_secret).toMatch(/^[A-Z2-7]{32}$/);
    const row = await userRow(user.id);
    expect(row.totpSecret).not.toContain(res.body.totp_secret);
    expect(openTotpSecret(row.totpSecret!)).toBe(res.body.totp_secret);
    expect(row.twoFactorEnabled).toBe(false);
  });

  it("enable_2fa needs a code from the pending secret (code 10), then 9 for a second setup", async () => {
    const { email, user } = await account();
    const cookie = await signIn(email);
    const { totp_secret } = (await call(generate2fa.GET, { cookie })).body;

    const wrong = await call(enable2fa.POST, {
      cookie,
      body: {
        totp_secret,
        totp_code: (Number(await codeAt(totp_secret, T0)) ^ 1).toString().padStart(6, "0"),
      },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe(10);

    const otherSecret = await call(enable2fa.POST, {
      cookie,
      body: {
        totp_secret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
        totp_code: await codeAt("JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP", T0),
      },
    });
    expect(otherSecret.body.error.code).toBe(10);
    expect((await userRow(user.id)).twoFactorEnabled).toBe(false);

    const ok = await call(enable2fa.POST, {
      cookie,
      body: { totp_secret, totp_code: await codeAt(totp_secret, T0) },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ id: user.id, two_factor_enabled: true });
    expect((await userRow(user.id)).twoFactorEnabled).toBe(true);

    const again = await call(generate2fa.GET, { cookie });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe(9);
    const enableAgain = await call(enable2fa.POST, {
      cookie,
      body: { totp_secret, totp_code: await codeAt(totp_secret, later(30)) },
    });
    expect(enableAgain.body.error.code).toBe(9);
  });

  it("validates the code's shape with code 22", async () => {
    const { email } = await account();
    const cookie = await signIn(email);
    const res = await call(disable2fa.POST, { cookie, body: { totp_code: "12a456" } });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: 22,
      fields: { totp_code: "Please enter a valid 6-digit code" },
    });
  });

  it("disable_2fa needs a current code (10), then answers 11 when already off", async () => {
    const { email, user, secret } = await account({ twoFactor: true });
    const challenge = await passwordStep(email);
    const signedIn = await call(login2fa.POST, {
      cookie: challenge,
      body: { email, totp_code: await codeAt(secret!, T0) },
    });
    const cookie = cookieFrom(signedIn.setCookies, "session")!;

    const wrong = await call(disable2fa.POST, { cookie, body: { totp_code: "000000" } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe(10);
    // The code that signed in cannot be used again to turn two-factor off.
    const replay = await call(disable2fa.POST, {
      cookie,
      body: { totp_code: await codeAt(secret!, T0) },
    });
    expect(replay.body.error.code).toBe(10);

    const ok = await call(disable2fa.POST, {
      cookie,
      body: { totp_code: await codeAt(secret!, later(30)) },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.two_factor_enabled).toBe(false);
    const row = await userRow(user.id);
    expect(row.totpSecret).toBeNull();
    expect(row.twoFactorEnabled).toBe(false);

    const again = await call(disable2fa.POST, {
      cookie,
      body: { totp_code: await codeAt(secret!, later(60)) },
    });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe(11);
    // Off again means the password alone signs in.
    const plain = await call(login.POST, { body: { email, password: PASSWORD } });
    expect(plain.body.two_factor_required).toBe(false);
  });
});

describe("signing in with two-factor", () => {
  it("the password step gives a challenge, the code step a session", async () => {
    const { email, user, secret } = await account({ twoFactor: true });
    const challenge = await passwordStep(email);
    const db = await getDb();
    const [row] = await db
      .select()
      .from(loginChallenges)
      .where(eq(loginChallenges.userId, user.id));
    expect(row.id).toBe(sha256Hex(challenge.split("=")[1]));
    expect(row.expiresAt.getTime() - T0.getTime()).toBe(5 * 60 * 1000);

    const res = await call(login2fa.POST, {
      cookie: challenge,
      body: { email, totp_code: await codeAt(secret!, T0) },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      user: expect.objectContaining({ id: user.id, two_factor_enabled: true }),
    });
    const session = cookieFrom(res.setCookies, "session")!;
    expect((await call(whoami.GET, { cookie: session })).status).toBe(200);
    expect(
      res.setCookies.some((c) => c.startsWith("login_challenge=;") && c.includes("Max-Age=0")),
    ).toBe(true);
    expect(
      await db.select().from(loginChallenges).where(eq(loginChallenges.userId, user.id)),
    ).toHaveLength(0);
  });

  it("accepts a code from the step before or after (clock drift), not two steps away", async () => {
    const { email, secret } = await account({ twoFactor: true });
    const tooOld = await call(login2fa.POST, {
      cookie: await passwordStep(email),
      body: { totp_code: await codeAt(secret!, later(-60)) },
    });
    expect(tooOld.body.error.code).toBe(2);
    const previous = await call(login2fa.POST, {
      cookie: await passwordStep(email),
      body: { totp_code: await codeAt(secret!, later(-30)) },
    });
    expect(previous.status).toBe(200);
    const next = await call(login2fa.POST, {
      cookie: await passwordStep(email),
      body: { totp_code: await codeAt(secret!, later(30)) },
    });
    expect(next.status).toBe(200);
  });

  it("never signs anyone in with an e-mail and a code alone", async () => {
    const { email, secret } = await account({ twoFactor: true });
    const res = await call(login2fa.POST, {
      body: { email, totp_code: await codeAt(secret!, T0) },
    });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe(1);
    expect(res.setCookies.some((c) => c.startsWith("session="))).toBe(false);
    const forged = await call(login2fa.POST, {
      cookie: "login_challenge=abcdefghijklmnopqrstuvwxyz234567",
      body: { email, totp_code: await codeAt(secret!, T0) },
    });
    expect(forged.status).toBe(401);
  });

  it("a challenge is bound to its account: another account's code or address does not fit", async () => {
    const a = await account({ twoFactor: true });
    const b = await account({ twoFactor: true });
    const challenge = await passwordStep(a.email);
    const withB = await call(login2fa.POST, {
      cookie: challenge,
      body: { email: b.email, totp_code: await codeAt(b.secret!, T0) },
    });
    expect(withB.status).toBe(400);
    expect(withB.body.error.code).toBe(2);
    const codeOfB = await call(login2fa.POST, {
      cookie: challenge,
      body: { totp_code: await codeAt(b.secret!, T0) },
    });
    expect(codeOfB.body.error.code).toBe(2);
  });

  it("refuses a used code: the same code cannot sign in twice", async () => {
    const { email, secret } = await account({ twoFactor: true });
    const code = await codeAt(secret!, T0);
    expect(
      (
        await call(login2fa.POST, {
          cookie: await passwordStep(email),
          body: { email, totp_code: code },
        })
      ).status,
    ).toBe(200);
    const replay = await call(login2fa.POST, {
      cookie: await passwordStep(email),
      body: { email, totp_code: code },
    });
    expect(replay.status).toBe(400);
    expect(replay.body.error).toEqual({ code: 2, message: "Incorrect 2FA code, try again" });
    // An older code is refused as well once a newer one was used.
    expect(
      (
        await call(login2fa.POST, {
          cookie: await passwordStep(email),
          body: { totp_code: await codeAt(secret!, later(30)) },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call(login2fa.POST, {
          cookie: await passwordStep(email),
          body: { totp_code: await codeAt(secret!, T0) },
        })
      ).body.error.code,
    ).toBe(2);
  });

  it("ends the challenge after five wrong codes", async () => {
    const { email, secret, user } = await account({ twoFactor: true });
    const challenge = await passwordStep(email);
    for (let i = 0; i < 5; i++) {
      const res = await call(login2fa.POST, {
        cookie: challenge,
        body: { email, totp_code: `00000${i}` },
        ip: "192.0.2.50",
      });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe(2);
    }
    const right = await call(login2fa.POST, {
      cookie: challenge,
      body: { email, totp_code: await codeAt(secret!, T0) },
    });
    expect(right.status).toBe(401);
    expect(right.body.error.code).toBe(1);
    const db = await getDb();
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });

  it("locks the code step after ten wrong codes in a row across challenges: 429 code 23", async () => {
    const { email } = await account({ twoFactor: true });
    const statuses: number[] = [];
    for (let round = 0; round < 3; round++) {
      const challenge = await passwordStep(email);
      for (let i = 0; i < 4; i++) {
        statuses.push(
          (
            await call(login2fa.POST, {
              cookie: challenge,
              body: { totp_code: `11111${i}` },
              ip: `192.0.2.${60 + round}`,
            })
          ).status,
        );
      }
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it("limits a client's failed code attempts, challenge or not, with 429 code 23", async () => {
    const { email, secret } = await account({ twoFactor: true });
    const ip = "192.0.2.70";
    for (let i = 0; i < 30; i++) {
      const res = await call(login2fa.POST, { body: { totp_code: "123456" }, ip });
      expect(res.status).toBe(401);
    }
    const challenge = await passwordStep(email);
    const res = await call(login2fa.POST, {
      cookie: challenge,
      body: { totp_code: await codeAt(secret!, T0) },
      ip,
    });
    expect(res.status).toBe(429);
    expect(res.body.error.code).toBe(23);
  });

  it("logs failed and successful code steps without the codes", async () => {
    const { email, secret, user } = await account({ twoFactor: true });
    const challenge = await passwordStep(email);
    const right = await codeAt(secret!, T0);
    const wrong = right === "987654" ? "987653" : "987654";
    await call(login2fa.POST, { cookie: challenge, body: { totp_code: wrong } });
    expect(
      (await call(login2fa.POST, { cookie: challenge, body: { totp_code: right } })).status,
    ).toBe(200);
    const lines = [...vi.mocked(console.warn).mock.calls, ...vi.mocked(console.log).mock.calls].map(
      (c) => String(c[0]),
    );
    expect(
      lines.some((l) => l.includes("sign-in failed") && l.includes(`"userId":${user.id}`)),
    ).toBe(true);
    expect(
      lines.some((l) => l.includes("sign-in succeeded") && l.includes('"twoFactor":true')),
    ).toBe(true);
    for (const line of lines) {
      expect(line).not.toContain(wrong);
      expect(line).not.toContain(right);
      expect(line).not.toContain(secret!);
    }
  });

  it("an expired challenge (over 5 minutes) no longer works", async () => {
    const { email, secret } = await account({ twoFactor: true });
    const challenge = await passwordStep(email);
    vi.setSystemTime(later(301));
    const res = await call(login2fa.POST, {
      cookie: challenge,
      body: { totp_code: await codeAt(secret!, later(301)) },
    });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe(1);
  });
});
