import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { passwordResetTokens, sessions } from "@/db/schema";
import {
  deleteStaleSetPasswordTokens,
  issueSetPasswordToken,
  resetPassword,
} from "@/lib/auth/password-reset";
import {
  clearedSessionCookie,
  clearedSignedInHintCookie,
  createSession,
  deleteExpiredSessions,
  sessionCookies,
  validateSessionToken,
} from "@/lib/auth/session";
import { sha256Hex } from "@/lib/crypto/tokens";
import { AppError } from "@/lib/errors/app-error";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { withEnv } from "../../support/config";
import { account, quietLogs } from "../../support/auth";

quietLogs();

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
// The default idle timeout (SESSION_IDLE_MINUTES).
const IDLE = 30 * MINUTE;
const T0 = new Date("2030-05-06T09:00:00Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

async function storedExpiry(token: string): Promise<Date | undefined> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(sessions)
    .where(eq(sessions.id, sha256Hex(token)));
  return row?.expiresAt;
}

describe("sliding a session's expiry", () => {
  it("writes the new expiry only once a minute has passed since it was last written", async () => {
    const { user } = await account();
    const { token } = await createSession(user.id, T0);

    const early = await validateSessionToken(token, at(30 * SECOND));
    expect(early).toMatchObject({ renewed: false, expiresAt: at(IDLE) });
    expect(await storedExpiry(token)).toEqual(at(IDLE));

    const onTheMinute = await validateSessionToken(token, at(MINUTE));
    expect(onTheMinute).toMatchObject({ renewed: true, expiresAt: at(IDLE + MINUTE) });
    expect(await storedExpiry(token)).toEqual(at(IDLE + MINUTE));
  });

  it("with a short idle timeout, steps a tenth of it instead of a whole minute", async () => {
    await withEnv({ SESSION_IDLE_MINUTES: "5" }, async () => {
      const { user } = await account();
      const { token } = await createSession(user.id, T0);
      const result = await validateSessionToken(token, at(30 * SECOND));
      expect(result).toMatchObject({ renewed: true, expiresAt: at(5 * MINUTE + 30 * SECOND) });
      expect(await storedExpiry(token)).toEqual(at(5 * MINUTE + 30 * SECOND));
    });
  });

  it("leaves the expiry alone for a caller that cannot send a cookie back", async () => {
    const { user } = await account();
    const { token } = await createSession(user.id, T0);
    const result = await validateSessionToken(token, at(20 * MINUTE), { renew: false });
    expect(result).toMatchObject({ renewed: false, expiresAt: at(IDLE) });
    expect(await storedExpiry(token)).toEqual(at(IDLE));
  });
});

describe("housekeeping", () => {
  it("removes expired sessions and keeps live ones", async () => {
    const { user } = await account();
    const old = await createSession(user.id, at(-2 * HOUR));
    const live = await createSession(user.id, T0);
    await deleteExpiredSessions(at(MINUTE));
    expect(await storedExpiry(old.token)).toBeUndefined();
    expect(await storedExpiry(live.token)).toEqual(at(IDLE));
  });

  it("removes reset links a day after they were used or expired, not sooner", async () => {
    const { user } = await account();
    const db = await getDb();
    const tokens = {
      usedLongAgo: await issueSetPasswordToken(user.id, "reset", at(-3 * 24 * HOUR)),
      usedRecently: await issueSetPasswordToken(user.id, "reset", at(-3 * 24 * HOUR)),
      expiredLongAgo: await issueSetPasswordToken(user.id, "reset", at(-3 * 24 * HOUR)),
      expiredRecently: await issueSetPasswordToken(user.id, "reset", at(-3 * 24 * HOUR)),
    };
    const set = async (token: string, values: { usedAt?: Date; expiresAt?: Date }) =>
      db
        .update(passwordResetTokens)
        .set(values)
        .where(eq(passwordResetTokens.tokenHash, sha256Hex(token)));
    const far = at(+48 * HOUR);
    await set(tokens.usedLongAgo, { usedAt: at(-25 * HOUR), expiresAt: far });
    await set(tokens.usedRecently, { usedAt: at(-23 * HOUR), expiresAt: far });
    await set(tokens.expiredLongAgo, { expiresAt: at(-25 * HOUR) });
    await set(tokens.expiredRecently, { expiresAt: at(-23 * HOUR) });

    await deleteStaleSetPasswordTokens(T0);

    const left = await db
      .select({ tokenHash: passwordResetTokens.tokenHash })
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id));
    expect(left.map((r) => r.tokenHash).sort()).toEqual(
      [sha256Hex(tokens.usedRecently), sha256Hex(tokens.expiredRecently)].sort(),
    );
  });
});

describe("a reset link at the moment it expires", () => {
  it("is expired (code 6); a moment before, it still sets the password", async () => {
    const { user, email } = await account();
    const token = await issueSetPasswordToken(user.id, "reset", T0);
    const db = await getDb();
    const [row] = await db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.tokenHash, sha256Hex(token)));
    const expiry = row.expiresAt;
    const input = { email, reset_token: token, new_password: "Another-Pass-7" };

    const error = await resetPassword(input, expiry).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe(ErrorCode.TOKEN_EXPIRED);
    await expect(
      resetPassword(input, new Date(expiry.getTime() - SECOND)),
    ).resolves.toBeUndefined();
  });
});

describe("cookies that end a session", () => {
  it("clear the session cookie as HttpOnly and the hint as readable by scripts", () => {
    const session = clearedSessionCookie();
    expect(session).toMatch(/^session=;/);
    expect(session).toContain("Max-Age=0");
    expect(session).toContain("HttpOnly");
    const hint = clearedSignedInHintCookie();
    expect(hint).toMatch(/^signed_in=;/);
    expect(hint).toContain("Max-Age=0");
    expect(hint).not.toContain("HttpOnly");
  });

  it("set the hint beside the session, same-site, readable by scripts, expiring with it", () => {
    const [session, hint] = sessionCookies("tok", at(IDLE));
    expect(session).toContain("HttpOnly");
    expect(session).toContain("SameSite=Lax");
    expect(hint).toMatch(/^signed_in=1;/);
    expect(hint).toContain("SameSite=Lax");
    expect(hint).toContain(`Expires=${at(IDLE).toUTCString()}`);
    expect(hint).not.toContain("HttpOnly");
  });
});
