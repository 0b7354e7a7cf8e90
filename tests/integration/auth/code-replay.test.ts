import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { sessions } from "@/db/schema";
import { findChallenge } from "@/lib/auth/challenge";
import { signInWithCode, signInWithPassword } from "@/lib/auth/login";
import { AppError } from "@/lib/errors/app-error";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { account, codeAt, PASSWORD, quietLogs, userRow } from "../../support/auth";

// A right code signs in once. Two requests with the same challenge are judged one after the
// other (the code step holds the challenge's and the account's rows), so the second finds the
// challenge gone; a code already used, even on a new challenge, is a wrong code (its time step
// is not after the one stored).

quietLogs();

const T0 = new Date("2030-05-06T12:00:15Z");
const STEP = Math.floor(T0.getTime() / 30_000);

async function challengeFor(email: string): Promise<string> {
  const result = await signInWithPassword({ email, password: PASSWORD }, "client-r", T0);
  if (result.kind !== "needs-code") throw new Error("expected a challenge");
  return result.challengeToken;
}

async function sessionsOf(userId: number) {
  const db = await getDb();
  return db.select().from(sessions).where(eq(sessions.userId, userId));
}

function warnings() {
  return vi.mocked(console.warn).mock.calls.map((c) => {
    const { t, ...rest } = JSON.parse(String(c[0])) as Record<string, unknown>;
    expect(typeof t).toBe("string");
    return rest;
  });
}

const refusedWith = (code: number) => (e: unknown) => e instanceof AppError && e.code === code;

describe("a right code", () => {
  it("sent twice at once on one challenge signs in once; the other finds no challenge", async () => {
    const { email, user, secret } = await account({ twoFactor: true });
    const token = await challengeFor(email);
    const code = await codeAt(secret!, T0);
    const outcomes = await Promise.allSettled([
      signInWithCode(token, code, email, "client-r", T0),
      signInWithCode(token, code, email, "client-r", T0),
    ]);
    const signedIn = outcomes.filter((o) => o.status === "fulfilled");
    const refused = outcomes.filter((o) => o.status === "rejected");
    expect(signedIn).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0].reason).toSatisfy(refusedWith(ErrorCode.LOGIN_FAILED));
    expect(await sessionsOf(user.id)).toHaveLength(1);
    expect((await userRow(user.id)).totpLastStep).toBe(STEP);
    expect(await findChallenge(token, T0)).toBeNull();
  });

  it("used once is refused on a new challenge, as a wrong code", async () => {
    const { email, user, secret } = await account({ twoFactor: true });
    const code = await codeAt(secret!, T0);
    await signInWithCode(await challengeFor(email), code, email, "client-r", T0);
    vi.mocked(console.warn).mockClear();

    const again = await challengeFor(email);
    await expect(signInWithCode(again, code, email, "client-r", T0)).rejects.toSatisfy(
      refusedWith(ErrorCode.INCORRECT_2FA),
    );
    expect(await sessionsOf(user.id)).toHaveLength(1);
    expect((await userRow(user.id)).secondFactorFailures).toBe(1);
    expect(warnings()).toEqual([
      {
        level: "warn",
        scope: "auth",
        message: "sign-in failed",
        step: "code",
        userId: user.id,
        challengeEnded: false,
      },
    ]);
    // Like any wrong code, it leaves the challenge open for the next one.
    expect(await findChallenge(again, T0)).toMatchObject({ failedAttempts: 1 });
  });
});
