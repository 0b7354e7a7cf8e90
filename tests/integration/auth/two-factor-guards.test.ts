import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { sessions, type StaffUser } from "@/db/schema";
import { createSession } from "@/lib/auth/session";
import { newTotpSecret } from "@/lib/auth/totp";
import { disableTwoFactor, enableTwoFactor, startTwoFactorSetup } from "@/lib/auth/two-factor";
import { sha256Hex } from "@/lib/crypto/tokens";
import { AppError } from "@/lib/errors/app-error";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { account, codeAt, userRow } from "../../support/auth";

// The service calls behind turning two-factor on and off: what each refuses, and the line each
// leaves in the log. The time is passed in, in the middle of a 30-second step.

const T0 = new Date("2030-05-06T12:00:15Z");
const later = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

type Line = Record<string, unknown>;
let lines: Line[] = [];
beforeEach(() => {
  lines = [];
  for (const method of ["log", "warn", "error"] as const) {
    vi.spyOn(console, method).mockImplementation((text: unknown) => {
      // An error's stack frames follow its line as plain text.
      if (String(text).startsWith("{")) lines.push(JSON.parse(String(text)) as Line);
    });
  }
});
afterEach(() => vi.restoreAllMocks());

const authLines = () =>
  lines.filter((l) => l.scope === "auth").map(({ t: _time, ...rest }) => rest);

async function codeOf(p: Promise<unknown>): Promise<number> {
  const error = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return (error as AppError).code;
}

const otherCode = async (secret: string, at: Date) =>
  (Number(await codeAt(secret, at)) ^ 1).toString().padStart(6, "0");

/** An account signed in once, with a pending secret from setup. */
async function pendingAccount() {
  const { user } = await account();
  const { token } = await createSession(user.id, T0);
  const { totp_secret } = await startTwoFactorSetup(user, T0);
  return { user: await userRow(user.id), sessionId: sha256Hex(token), secret: totp_secret };
}

describe("turning two-factor on", () => {
  it("logs a refused and an accepted code, naming the account", async () => {
    const { user, sessionId, secret } = await pendingAccount();
    const wrong = { totp_secret: secret, totp_code: await otherCode(secret, T0) };
    expect(await codeOf(enableTwoFactor(user, sessionId, wrong, T0))).toBe(
      ErrorCode.INCORRECT_2FA_CODE,
    );
    const right = { totp_secret: secret, totp_code: await codeAt(secret, T0) };
    await enableTwoFactor(user, sessionId, right, T0);
    expect(authLines()).toEqual([
      {
        level: "warn",
        scope: "auth",
        message: "two-factor not enabled: wrong code",
        userId: user.id,
      },
      { level: "info", scope: "auth", message: "two-factor enabled", userId: user.id },
    ]);
  });

  it("refuses when another setup replaced the pending secret after the account was read", async () => {
    const { user, sessionId, secret } = await pendingAccount();
    // Another tab, once the first secret is over 15 minutes old, makes and stores a new one.
    const replaced = await startTwoFactorSetup(await userRow(user.id), later(16 * 60));
    expect(replaced.totp_secret).not.toBe(secret);
    const input = { totp_secret: secret, totp_code: await codeAt(secret, later(16 * 60)) };
    expect(await codeOf(enableTwoFactor(user, sessionId, input, later(16 * 60)))).toBe(
      ErrorCode.INCORRECT_2FA_CODE,
    );
    const row = await userRow(user.id);
    expect(row.twoFactorEnabled).toBe(false);
    expect(row.totpPendingSince).not.toBeNull();
  });

  it("refuses a secret other than the pending one, even with a code from the pending one", async () => {
    const { user, sessionId, secret } = await pendingAccount();
    const another = newTotpSecret();
    const input = { totp_secret: another, totp_code: await codeAt(secret, T0) };
    expect(await codeOf(enableTwoFactor(user, sessionId, input, T0))).toBe(
      ErrorCode.INCORRECT_2FA_CODE,
    );
    expect((await userRow(user.id)).twoFactorEnabled).toBe(false);
  });

  it("answers code 9 to an account that has it on, whatever the secret and code", async () => {
    const { user, secret } = await account({ twoFactor: true });
    const { token } = await createSession(user.id, T0);
    const input = { totp_secret: "A".repeat(32), totp_code: await otherCode(secret!, T0) };
    const on = await userRow(user.id);
    expect(await codeOf(enableTwoFactor(on, sha256Hex(token), input, T0))).toBe(
      ErrorCode.TWO_FACTOR_ALREADY_ENABLED,
    );
  });

  it("answers code 9 when another request turned it on after this one loaded the account", async () => {
    const { user: loaded, sessionId, secret } = await pendingAccount();
    await enableTwoFactor(
      loaded,
      sessionId,
      { totp_secret: secret, totp_code: await codeAt(secret, T0) },
      T0,
    );
    const { token } = await createSession(loaded.id, later(1));
    const input = { totp_secret: secret, totp_code: await codeAt(secret, later(60)) };
    expect(await codeOf(enableTwoFactor(loaded, sessionId, input, later(60)))).toBe(
      ErrorCode.TWO_FACTOR_ALREADY_ENABLED,
    );
    // The refused request ended no session.
    const db = await getDb();
    const left = await db.select().from(sessions).where(eq(sessions.userId, loaded.id));
    expect(left.map((s) => s.id)).toContain(sha256Hex(token));
  });

  it("stops checking codes after ten wrong ones in a quarter of an hour (code 23)", async () => {
    const { user, sessionId, secret } = await pendingAccount();
    const wrong = { totp_secret: secret, totp_code: await otherCode(secret, T0) };
    for (let i = 0; i < 10; i += 1) {
      expect(await codeOf(enableTwoFactor(user, sessionId, wrong, T0))).toBe(
        ErrorCode.INCORRECT_2FA_CODE,
      );
    }
    const right = { totp_secret: secret, totp_code: await codeAt(secret, T0) };
    expect(await codeOf(enableTwoFactor(user, sessionId, right, T0))).toBe(ErrorCode.RATE_LIMITED);
    expect((await userRow(user.id)).twoFactorEnabled).toBe(false);
  });
});

describe("setting up two-factor", () => {
  it("answers code 9, not the secret, when another request turned it on after this one loaded the account", async () => {
    const { user: loaded, sessionId, secret } = await pendingAccount();
    await enableTwoFactor(
      loaded,
      sessionId,
      { totp_secret: secret, totp_code: await codeAt(secret, T0) },
      T0,
    );
    expect(await codeOf(startTwoFactorSetup(loaded, later(60)))).toBe(
      ErrorCode.TWO_FACTOR_ALREADY_ENABLED,
    );
  });
});

describe("turning two-factor off", () => {
  /** An account with two-factor on (turned on at T0) and a session. */
  async function onAccount() {
    const { user, sessionId, secret } = await pendingAccount();
    const on: StaffUser = await enableTwoFactor(
      user,
      sessionId,
      { totp_secret: secret, totp_code: await codeAt(secret, T0) },
      T0,
    );
    lines = [];
    return { user: on, sessionId, secret };
  }

  it("logs a refused and an accepted code, naming the account", async () => {
    const { user, sessionId, secret } = await onAccount();
    const wrong = { totp_code: await otherCode(secret, later(60)) };
    expect(await codeOf(disableTwoFactor(user, sessionId, wrong, later(60)))).toBe(
      ErrorCode.INCORRECT_2FA_CODE,
    );
    await disableTwoFactor(
      user,
      sessionId,
      { totp_code: await codeAt(secret, later(60)) },
      later(60),
    );
    expect(authLines()).toEqual([
      {
        level: "warn",
        scope: "auth",
        message: "two-factor not disabled: wrong code",
        userId: user.id,
      },
      { level: "info", scope: "auth", message: "two-factor disabled", userId: user.id },
    ]);
  });

  it("answers code 11 to an account with only a pending secret, even with a code from it", async () => {
    const { user, sessionId, secret } = await pendingAccount();
    const input = { totp_code: await codeAt(secret, T0) };
    expect(await codeOf(disableTwoFactor(user, sessionId, input, T0))).toBe(
      ErrorCode.TWO_FACTOR_ALREADY_DISABLED,
    );
    expect((await userRow(user.id)).totpSecret).toBe(user.totpSecret);
  });

  it("stops checking codes after ten wrong ones in a quarter of an hour (code 23)", async () => {
    const { user, sessionId, secret } = await onAccount();
    const at = later(60);
    const wrong = { totp_code: await otherCode(secret, at) };
    // Turning it on was the first of the ten.
    for (let i = 0; i < 9; i += 1) {
      expect(await codeOf(disableTwoFactor(user, sessionId, wrong, at))).toBe(
        ErrorCode.INCORRECT_2FA_CODE,
      );
    }
    const right = { totp_code: await codeAt(secret, at) };
    expect(await codeOf(disableTwoFactor(user, sessionId, right, at))).toBe(ErrorCode.RATE_LIMITED);
    expect((await userRow(user.id)).twoFactorEnabled).toBe(true);
  });
});
