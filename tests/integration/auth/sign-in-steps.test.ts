import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { loginChallenges, sessions, staffUsers } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { ErrorCode, type ErrorCodeValue } from "@/lib/errors/codes.shared";
import { recordTimeStep, signInWithCode, signInWithPassword } from "@/lib/auth/login";
import { confirmOwnPassword } from "@/lib/auth/reauth";
import { account, codeAt, PASSWORD, quietLogs, userRow } from "../../support/auth";

quietLogs();

// The sign-in steps are called directly with their `now`, in the middle of a 30-second step
// and at the start of a quarter-hour rate-limit window, so every attempt below falls into the
// same window and "the next code" is exactly 30 seconds later.
const T0 = new Date("2030-05-06T12:00:15Z");
const later = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

async function refusal(attempt: Promise<unknown>): Promise<ErrorCodeValue> {
  const error = await attempt.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return (error as AppError).code;
}

/** A code that is not valid at `at` (nor a step before or after it). */
async function wrongCodeAt(secret: string, at: Date): Promise<string> {
  const valid = await Promise.all(
    [-30, 0, 30].map((s) => codeAt(secret, new Date(at.getTime() + s * 1000))),
  );
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, "0");
    if (!valid.includes(code)) return code;
  }
}

/** The password step of an account with two-factor on: the challenge token. */
async function challengeFor(email: string, ip: string, now: Date): Promise<string> {
  const result = await signInWithPassword({ email, password: PASSWORD }, ip, now);
  if (result.kind !== "needs-code") throw new Error("expected a challenge");
  return result.challengeToken;
}

async function challengesOf(userId: number) {
  const db = await getDb();
  return db.select().from(loginChallenges).where(eq(loginChallenges.userId, userId));
}

async function sessionsOf(userId: number) {
  const db = await getDb();
  return db.select().from(sessions).where(eq(sessions.userId, userId));
}

describe("the password step", () => {
  it("signs an account without two-factor straight in", async () => {
    const { email, user } = await account();
    const result = await signInWithPassword({ email, password: PASSWORD }, "client-p1", T0);
    expect(result).toMatchObject({ kind: "signed-in", user: { id: user.id } });
    expect(await sessionsOf(user.id)).toHaveLength(1);
  });
});

describe("the code step", () => {
  it("refuses a challenge whose account has turned two-factor off since, and ends it", async () => {
    const { email, user, secret } = await account({ twoFactor: true });
    const token = await challengeFor(email, "client-c1", T0);
    // Turned off (or reset by an admin) between the two steps, the stored secret still there.
    const db = await getDb();
    await db.update(staffUsers).set({ twoFactorEnabled: false }).where(eq(staffUsers.id, user.id));
    expect((await userRow(user.id)).totpSecret).not.toBeNull();

    const code = await codeAt(secret!, T0);
    expect(await refusal(signInWithCode(token, code, email, "client-c1", T0))).toBe(
      ErrorCode.LOGIN_FAILED,
    );
    expect(await challengesOf(user.id)).toHaveLength(0);
    expect(await sessionsOf(user.id)).toHaveLength(0);
  });

  it("refuses a challenge whose account has lost its secret, and ends it", async () => {
    const { email, user, secret } = await account({ twoFactor: true });
    const token = await challengeFor(email, "client-c2", T0);
    const db = await getDb();
    await db.update(staffUsers).set({ totpSecret: null }).where(eq(staffUsers.id, user.id));

    const code = await codeAt(secret!, T0);
    expect(await refusal(signInWithCode(token, code, email, "client-c2", T0))).toBe(
      ErrorCode.LOGIN_FAILED,
    );
    expect(await challengesOf(user.id)).toHaveLength(0);
  });

  it("refuses the right code sent with another address than the challenge's account", async () => {
    const a = await account({ twoFactor: true });
    const b = await account({ twoFactor: true });
    const token = await challengeFor(a.email, "client-c3", T0);
    const code = await codeAt(a.secret!, T0);

    expect(await refusal(signInWithCode(token, code, b.email, "client-c3", T0))).toBe(
      ErrorCode.INCORRECT_2FA,
    );
    expect((await challengesOf(a.user.id))[0].failedAttempts).toBe(1);
    expect(await sessionsOf(a.user.id)).toHaveLength(0);
    expect(await sessionsOf(b.user.id)).toHaveLength(0);
    // The same code with the right address (or none) still works: it was never used.
    const result = await signInWithCode(token, code, a.email, "client-c3", T0);
    expect(result).toMatchObject({ kind: "signed-in", user: { id: a.user.id } });
  });

  it("starts the account's count again on success: only wrong codes in a row lock it", async () => {
    const { email, user, secret } = await account({ twoFactor: true });
    const ip = "client-c4";
    // Nine wrong codes, one short of the lock at ten, over two challenges (five end one).
    for (const wrongCodes of [5, 4]) {
      const token = await challengeFor(email, ip, T0);
      for (let i = 0; i < wrongCodes; i++) {
        const wrong = await wrongCodeAt(secret!, T0);
        expect(await refusal(signInWithCode(token, wrong, email, ip, T0))).toBe(
          ErrorCode.INCORRECT_2FA,
        );
      }
    }
    let current = "";
    // Two sign-ins in a row, each with the code of a new time step.
    for (const at of [later(0), later(30)]) {
      const token = await challengeFor(email, ip, at);
      const result = await signInWithCode(token, await codeAt(secret!, at), email, ip, at);
      expect(result).toMatchObject({ kind: "signed-in", user: { id: user.id } });
    }
    // Had the nine counted on, the next wrong code would lock the step; ten more are needed.
    const wrong = await wrongCodeAt(secret!, later(60));
    for (let i = 0; i < 10; i++) {
      const token = i % 5 === 0 ? await challengeFor(email, ip, later(60)) : undefined;
      if (token) current = token;
      expect(await refusal(signInWithCode(current, wrong, email, ip, later(60)))).toBe(
        ErrorCode.INCORRECT_2FA,
      );
    }
    const token = await challengeFor(email, ip, later(60));
    const right = await codeAt(secret!, later(90));
    expect(await refusal(signInWithCode(token, right, email, ip, later(90)))).toBe(
      ErrorCode.RATE_LIMITED,
    );
  });

  it("gives the client's units back on success: only failures use up its limit", async () => {
    const ip = "client-c5";
    // Twenty-eight attempts without a challenge: two short of the client's limit of thirty.
    for (let i = 0; i < 28; i++) {
      expect(await refusal(signInWithCode(undefined, "123456", undefined, ip, T0))).toBe(
        ErrorCode.LOGIN_FAILED,
      );
    }
    for (const at of [later(0), later(30)]) {
      const { email, user, secret } = await account({ twoFactor: true });
      const token = await challengeFor(email, ip, at);
      const result = await signInWithCode(token, await codeAt(secret!, at), email, ip, at);
      expect(result).toMatchObject({ kind: "signed-in", user: { id: user.id } });
    }
    expect(await refusal(signInWithCode(undefined, "123456", undefined, ip, later(60)))).toBe(
      ErrorCode.LOGIN_FAILED,
    );
    expect(await refusal(signInWithCode(undefined, "123456", undefined, ip, later(60)))).toBe(
      ErrorCode.LOGIN_FAILED,
    );
    expect(await refusal(signInWithCode(undefined, "123456", undefined, ip, later(60)))).toBe(
      ErrorCode.RATE_LIMITED,
    );
  });
});

describe("recording a code's time step", () => {
  it("accepts only a step later than the last one recorded", async () => {
    const { user } = await account({ twoFactor: true });
    expect(await recordTimeStep(user.id, 1000)).toBe(true);
    expect(await recordTimeStep(user.id, 1000)).toBe(false);
    expect(await recordTimeStep(user.id, 999)).toBe(false);
    expect((await userRow(user.id)).totpLastStep).toBe(1000);
    expect(await recordTimeStep(user.id, 1001)).toBe(true);
    expect((await userRow(user.id)).totpLastStep).toBe(1001);
  });

  it("records nothing for an account that does not exist", async () => {
    expect(await recordTimeStep(999_999, 1000)).toBe(false);
  });
});

describe("the sign-in audit log", () => {
  /** The log lines written so far, parsed, without their timestamps. */
  function logLines() {
    const raw = [...vi.mocked(console.warn).mock.calls, ...vi.mocked(console.log).mock.calls].map(
      (c) => String(c[0]),
    );
    const lines = raw.map((l) => {
      const { t, ...rest } = JSON.parse(l) as Record<string, unknown>;
      expect(typeof t).toBe("string");
      return rest;
    });
    return { raw, lines };
  }

  function clearLog() {
    vi.mocked(console.warn).mockClear();
    vi.mocked(console.log).mockClear();
  }

  it("records each password step with its account and outcome", async () => {
    const plain = await account();
    const twoFactor = await account({ twoFactor: true });
    const ip = "client-l1";

    await refusal(signInWithPassword({ email: plain.email, password: "Wrong-Passw0rd" }, ip, T0));
    expect(logLines().lines).toEqual([
      {
        level: "warn",
        scope: "auth",
        message: "sign-in failed",
        step: "password",
        userId: plain.user.id,
      },
    ]);
    clearLog();

    await refusal(
      signInWithPassword({ email: "nobody@example.org", password: "Guess-1x" }, ip, T0),
    );
    expect(logLines().lines).toEqual([
      { level: "warn", scope: "auth", message: "sign-in failed", step: "password", userId: null },
    ]);
    clearLog();

    await signInWithPassword({ email: plain.email, password: PASSWORD }, ip, T0);
    expect(logLines().lines).toEqual([
      {
        level: "info",
        scope: "auth",
        message: "sign-in succeeded",
        userId: plain.user.id,
        twoFactor: false,
      },
    ]);
    clearLog();

    await challengeFor(twoFactor.email, ip, T0);
    expect(logLines().lines).toEqual([
      {
        level: "info",
        scope: "auth",
        message: "password accepted, awaiting second factor",
        userId: twoFactor.user.id,
      },
    ]);
  });

  it("records each code step, and says when a wrong code ended the challenge", async () => {
    const { email, user, secret } = await account({ twoFactor: true });
    const ip = "client-l2";

    await refusal(signInWithCode(undefined, "123456", email, ip, T0));
    expect(logLines().lines).toEqual([
      {
        level: "warn",
        scope: "auth",
        message: "sign-in failed",
        step: "code",
        reason: "no challenge",
      },
    ]);

    const token = await challengeFor(email, ip, T0);
    clearLog();
    const wrong = await wrongCodeAt(secret!, T0);
    for (let i = 0; i < 5; i++) await refusal(signInWithCode(token, wrong, email, ip, T0));
    const failed = (challengeEnded: boolean) => ({
      level: "warn",
      scope: "auth",
      message: "sign-in failed",
      step: "code",
      userId: user.id,
      challengeEnded,
    });
    expect(logLines().lines).toEqual([
      failed(false),
      failed(false),
      failed(false),
      failed(false),
      failed(true),
    ]);

    const next = await challengeFor(email, ip, later(30));
    clearLog();
    const right = await codeAt(secret!, later(30));
    await signInWithCode(next, right, email, ip, later(30));
    const { raw, lines } = logLines();
    expect(lines).toEqual([
      {
        level: "info",
        scope: "auth",
        message: "sign-in succeeded",
        userId: user.id,
        twoFactor: true,
      },
    ]);
    for (const line of raw) {
      expect(line).not.toContain(right);
      expect(line).not.toContain(next);
    }
  });

  it("never records a password, code, challenge or session token", async () => {
    const { email, secret } = await account({ twoFactor: true });
    const ip = "client-l3";
    const wrongPassword = "Wrong-Passw0rd-77";
    await refusal(signInWithPassword({ email, password: wrongPassword }, ip, T0));
    const token = await challengeFor(email, ip, T0);
    const wrong = await wrongCodeAt(secret!, T0);
    await refusal(signInWithCode(token, wrong, email, ip, T0));
    const right = await codeAt(secret!, T0);
    const signedIn = await signInWithCode(token, right, email, ip, T0);
    const { raw } = logLines();
    expect(raw.length).toBeGreaterThanOrEqual(4);
    for (const line of raw) {
      for (const secretValue of [wrongPassword, PASSWORD, token, wrong, right, signedIn.token]) {
        expect(line).not.toContain(secretValue);
      }
      expect(line).not.toContain(secret!);
    }
  });

  it("records a refused action with its account and name, without the password", async () => {
    const { user } = await account();
    const row = await userRow(user.id);
    await expect(
      confirmOwnPassword(row, "Not-The-Passw0rd", "remove staff member", T0),
    ).rejects.toMatchObject({
      code: ErrorCode.WRONG_PASSWORD,
    });
    const { raw, lines } = logLines();
    expect(lines).toEqual([
      {
        level: "warn",
        scope: "auth",
        message: "action refused: wrong password",
        userId: user.id,
        action: "remove staff member",
      },
    ]);
    expect(raw[0]).not.toContain("Not-The-Passw0rd");
  });
});

describe("confirming one's own password", () => {
  it("refuses every password for an account that has none yet (an open invitation)", async () => {
    const { user } = await account();
    const row = { ...(await userRow(user.id)), passwordHash: null };
    for (const password of ["", PASSWORD]) {
      await expect(
        confirmOwnPassword(row, password, "delete own account", T0),
      ).rejects.toMatchObject({ code: ErrorCode.WRONG_PASSWORD });
    }
    await expect(
      confirmOwnPassword(await userRow(user.id), PASSWORD, "delete own account", T0),
    ).resolves.toBeUndefined();
  });
});
