import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as login from "@/app/api/login/route";
import * as login2fa from "@/app/api/login_2fa/route";
import * as disable2fa from "@/app/api/disable_2fa/route";
import * as generate2fa from "@/app/api/generate_2fa_secret/route";
import { withEnv } from "../../support/config";
import { call, cookieFrom } from "../../support/http";
import { account, codeAt, PASSWORD, quietLogs, signIn } from "../../support/auth";

quietLogs();

const NEXT_SECRET = "rotated-secret-rotated-secret-0123456789abc";
const T0 = new Date("2030-05-06T12:00:15Z");
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(T0);
});
afterEach(() => vi.useRealTimers());

async function codeStep(email: string, secret: string) {
  const step = await call(login.POST, { body: { email, password: PASSWORD } });
  expect(step.body).toEqual({ two_factor_required: true });
  const challenge = cookieFrom(step.setCookies, "login_challenge")!;
  return call(login2fa.POST, {
    cookie: challenge,
    body: { email, totp_code: await codeAt(secret, T0) },
  });
}

describe("two-factor sign-in after APP_SECRET was replaced", () => {
  it("keeps working while the old secret is kept in APP_SECRET_PREVIOUS", async () => {
    const { email, secret } = await account({ twoFactor: true });
    const res = await withEnv(
      { APP_SECRET: NEXT_SECRET, APP_SECRET_PREVIOUS: process.env.APP_SECRET },
      () => codeStep(email, secret!),
    );
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe(email);
  });

  it("answers 409 code 29 (ask an admin), never a 500, once the old secret is gone", async () => {
    const { email, secret } = await account({ twoFactor: true });
    const res = await withEnv({ APP_SECRET: NEXT_SECRET }, () => codeStep(email, secret!));
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: {
        code: 29,
        message: "Two-factor sign-in cannot be checked for this account; ask an admin to reset it",
      },
    });
  });

  it("turning two-factor off answers code 29 too, not a 500", async () => {
    const { email, secret } = await account({ twoFactor: true });
    const signedIn = await codeStep(email, secret!);
    expect(signedIn.status).toBe(200);
    const cookie = cookieFrom(signedIn.setCookies, "session")!;
    vi.setSystemTime(new Date(T0.getTime() + 60_000));
    const code = await codeAt(secret!, new Date(T0.getTime() + 60_000));
    const res = await withEnv({ APP_SECRET: NEXT_SECRET }, () =>
      call(disable2fa.POST, { cookie, body: { totp_code: code } }),
    );
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe(29);
  });
});

describe("setting up two-factor across a change of APP_SECRET", () => {
  it("answers a new secret when the pending one can no longer be read, not code 29", async () => {
    const { email } = await account();
    const cookie = await signIn(email);
    const first = await call(generate2fa.GET, { cookie });
    expect(first.status).toBe(200);
    // A minute later, well inside the pending time, with the old key gone.
    vi.setSystemTime(new Date(T0.getTime() + 60_000));
    const again = await withEnv({ APP_SECRET: NEXT_SECRET }, () =>
      call(generate2fa.GET, { cookie }),
    );
    expect(again.status).toBe(200);
    expect(again.body.totp_secret).toMatch(/^[A-Z2-7]+$/);
    expect(again.body.totp_secret).not.toBe(first.body.totp_secret);
    // And it stays the pending one: asked again under the same key, the same secret.
    const third = await withEnv({ APP_SECRET: NEXT_SECRET }, () =>
      call(generate2fa.GET, { cookie }),
    );
    expect(third.body.totp_secret).toBe(again.body.totp_secret);
  });
});
