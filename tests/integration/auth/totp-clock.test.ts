import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { staffUsers } from "@/db/schema";
import * as disable2fa from "@/app/api/disable_2fa/route";
import * as login from "@/app/api/login/route";
import * as login2fa from "@/app/api/login_2fa/route";
import { call, cookieFrom } from "../../support/http";
import { account, codeAt, PASSWORD, quietLogs } from "../../support/auth";

quietLogs();

const T0 = new Date("2030-05-06T12:00:15Z");
const STEP = Math.floor(T0.getTime() / 30_000);
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(T0);
});
afterEach(() => vi.useRealTimers());

async function challengeFor(email: string) {
  const res = await call(login.POST, { body: { email, password: PASSWORD } });
  expect(res.body).toEqual({ two_factor_required: true });
  return cookieFrom(res.setCookies, "login_challenge")!;
}

async function setLastStep(userId: number, step: number) {
  const db = await getDb();
  await db.update(staffUsers).set({ totpLastStep: step }).where(eq(staffUsers.id, userId));
}

describe("a second factor checked against a wrong clock", () => {
  it("answers 400 code 2 at sign-in when the last code was recorded by a clock far ahead", async () => {
    const { email, secret, user } = await account({ twoFactor: true });
    // A code accepted while the server's clock ran a day ahead; the clock has been put right.
    await setLastStep(user.id, STEP + 2880);
    const res = await call(login2fa.POST, {
      cookie: await challengeFor(email),
      body: { totp_code: await codeAt(secret!, T0) },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(2);
  });

  it("answers 400 code 2 for a code from far outside the window", async () => {
    const { email, secret } = await account({ twoFactor: true });
    const yearAhead = new Date(T0.getTime() + 365 * 86400_000);
    const res = await call(login2fa.POST, {
      cookie: await challengeFor(email),
      body: { totp_code: await codeAt(secret!, yearAhead) },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(2);
  });

  it("answers 400 code 22 for a malformed code, never a server error", async () => {
    const { email } = await account({ twoFactor: true });
    const challenge = await challengeFor(email);
    for (const totp_code of ["12345a", "1234567", "", "١٢٣٤٥٦"]) {
      const res = await call(login2fa.POST, { cookie: challenge, body: { totp_code } });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe(22);
    }
  });

  it("answers turning two-factor off with its wrong-code error when the last step lies ahead", async () => {
    const { email, secret, user } = await account({ twoFactor: true });
    const session = cookieFrom(
      (
        await call(login2fa.POST, {
          cookie: await challengeFor(email),
          body: { totp_code: await codeAt(secret!, T0) },
        })
      ).setCookies,
      "session",
    )!;
    await setLastStep(user.id, STEP + 100_000);
    const res = await call(disable2fa.POST, {
      cookie: session,
      body: { totp_code: await codeAt(secret!, new Date(T0.getTime() + 30_000)) },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(10);
  });
});
