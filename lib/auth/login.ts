import "server-only";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import { dbOr, transaction, type DbOrTx, type Tx } from "@/db/client";
import { staffUsers, type StaffUser } from "@/db/schema";
import { recordAudit } from "@/lib/audit/record";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { AppError } from "@/lib/errors/app-error";
import { enforceRateLimits, releaseRateLimit } from "@/lib/rate-limit/limiter";
import { logInfo, logWarn } from "@/lib/log";
import type { Locale } from "@/lib/i18n/locales.shared";
import { notifyAccountHolder } from "./account-mails";
import { createChallenge, endChallenge, lockChallenge, recordFailedCode } from "./challenge";
import { assertCodeStepOpen, clearWrongCodes, recordWrongCode } from "./code-lock";
import { loginRules, secondFactorClientRules } from "./limits";
import { spendPasswordCheck, verifyPassword } from "./password";
import type { LoginInput } from "./schemas.shared";
import { createSession } from "./session";
import { findStaffByEmail } from "./staff-users";
import { checkTotp, openTotpSecret } from "./totp";

export type SignedIn = { kind: "signed-in"; user: StaffUser; token: string; expiresAt: Date };
export type NeedsCode = { kind: "needs-code"; challengeToken: string };

/**
 * POST /api/login. Unknown address, missing password and wrong password all answer code 1 in
 * about the same time. With two-factor on, the answer is a challenge, not a session. `locale`
 * (the page's language) becomes the account's language for mails about it.
 */
export async function signInWithPassword(
  input: LoginInput,
  ip: string,
  now = new Date(),
  locale?: Locale,
): Promise<SignedIn | NeedsCode> {
  const rules = loginRules(input.email, ip);
  await enforceRateLimits(rules, now);
  const user = await findStaffByEmail(input.email);
  const passwordOk = user?.passwordHash
    ? await verifyPassword(user.passwordHash, input.password)
    : await spendPasswordCheck(input.password);
  if (!user || !passwordOk) {
    logWarn("auth", "sign-in failed", { step: "password", userId: user?.id ?? null });
    await recordFailedSignIn(user, "password");
    throw new AppError(ErrorCode.LOGIN_FAILED);
  }
  await Promise.all(rules.map((rule) => releaseRateLimit(rule, now)));
  if (user.twoFactorEnabled) {
    const { token } = await createChallenge(user.id, now);
    logInfo("auth", "password accepted, awaiting second factor", { userId: user.id });
    return { kind: "needs-code", challengeToken: token };
  }
  const session = await startSession(user, false, now, locale);
  logInfo("auth", "sign-in succeeded", { userId: user.id, twoFactor: false });
  return { kind: "signed-in", user, ...session };
}

/**
 * POST /api/login_2fa. Needs the challenge cookie of a password step; five wrong codes end the
 * challenge, and a code (or an older one) can never be used twice. Failures count per client
 * and per account; a success gives its units back. Ten wrong codes in a row lock the step for
 * the account (code-lock.ts): 429 code 23 until it ends, and its holder is mailed.
 */
export async function signInWithCode(
  challengeToken: string | undefined,
  code: string,
  email: string | undefined,
  ip: string,
  now = new Date(),
  locale?: Locale,
): Promise<SignedIn> {
  // Counted as a failure until it succeeds: per client, then every caller's failures together.
  const clientRules = secondFactorClientRules(ip);
  await enforceRateLimits(clientRules, now);
  const step = await transaction(undefined, (tx) =>
    judgeCode(tx, challengeToken, code, email, now),
  );
  if (step.kind === "no-challenge") {
    logWarn("auth", "sign-in failed", { step: "code", reason: "no challenge" });
    throw new AppError(ErrorCode.LOGIN_FAILED);
  }
  const { user } = step;
  if (step.kind === "refused") throw new AppError(ErrorCode.LOGIN_FAILED);
  if (step.kind === "wrong") {
    logWarn("auth", "sign-in failed", {
      step: "code",
      userId: user.id,
      ...(step.replay ? { reason: "replay" } : { challengeEnded: !step.challengeOpen }),
    });
    if (step.lockedUntil) noticeLock(user, step.lockedUntil, now);
    throw new AppError(ErrorCode.INCORRECT_2FA);
  }
  await Promise.all(clientRules.map((r) => releaseRateLimit(r, now)));
  const session = await startSession(user, true, now, locale);
  logInfo("auth", "sign-in succeeded", { userId: user.id, twoFactor: true });
  return { kind: "signed-in", user, ...session };
}

type CodeStep =
  | { kind: "no-challenge" }
  | { kind: "refused"; user: StaffUser }
  | {
      kind: "wrong";
      user: StaffUser;
      challengeOpen: boolean;
      replay: boolean;
      lockedUntil: Date | null;
    }
  | { kind: "accepted"; user: StaffUser };

/**
 * The code step in one transaction that holds the challenge's and the account's rows: what it
 * counts (a wrong code on the challenge and on the account, the accepted code's time step) is
 * written before the next code for the same account is looked at. The outcome is returned, not
 * thrown, so that a refusal's counts are kept (a thrown error would roll them back); only the
 * lock's own refusal is thrown, before anything is written.
 */
async function judgeCode(
  tx: Tx,
  challengeToken: string | undefined,
  code: string,
  email: string | undefined,
  now: Date,
): Promise<CodeStep> {
  const challenge = await lockChallenge(challengeToken, now, tx);
  if (!challenge) return { kind: "no-challenge" };
  const { user } = challenge;
  if (!user.twoFactorEnabled || !user.totpSecret) {
    await endChallenge(challenge.id, tx);
    await recordFailedSignIn(user, "code", tx);
    return { kind: "refused", user };
  }
  assertCodeStepOpen(user, now);
  const check =
    email !== undefined && email !== user.email
      ? ({ valid: false } as const)
      : await checkTotp(openTotpSecret(user.totpSecret, user.id), code, user.totpLastStep, now);
  if (!check.valid) {
    const challengeOpen = await recordFailedCode(challenge.id, tx);
    const lockedUntil = await recordWrongCode(user.id, now, tx);
    await recordFailedSignIn(user, "code", tx);
    return { kind: "wrong", user, challengeOpen, replay: false, lockedUntil };
  }
  if (
    !(await endChallenge(challenge.id, tx)) ||
    !(await recordTimeStep(user.id, check.timeStep, tx))
  ) {
    // A guard only: with both rows held, the challenge is still there and the stored time step
    // is the one `checkTotp` compared against, so neither can have moved since.
    const lockedUntil = await recordWrongCode(user.id, now, tx);
    await recordFailedSignIn(user, "code", tx);
    return { kind: "wrong", user, challengeOpen: false, replay: true, lockedUntil };
  }
  await clearWrongCodes(user.id, now, tx);
  return { kind: "accepted", user };
}

/** The wrong code that locked the account's code step: logged, and its holder mailed (once per lock). */
function noticeLock(user: StaffUser, lockedUntil: Date, now: Date): void {
  logWarn("auth", "second-factor step locked", {
    userId: user.id,
    until: lockedUntil.toISOString(),
  });
  notifyAccountHolder("second_factor_locked", user, now);
}

/** A new session and its `sign_in` audit row, together; the page's language is kept. */
function startSession(user: StaffUser, twoFactor: boolean, now: Date, locale?: Locale) {
  return transaction(undefined, async (tx) => {
    const session = await createSession(user.id, now, tx);
    if (locale && locale !== user.locale) {
      await tx.update(staffUsers).set({ locale }).where(eq(staffUsers.id, user.id));
    }
    await recordAudit(tx, {
      action: "sign_in",
      actor: user,
      target: { type: "staff", id: user.id },
      details: { two_factor: twoFactor },
    });
    return session;
  });
}

/**
 * A refused sign-in in the audit log: the account is named (as actor and target) only when the
 * typed address belongs to one; the typed address itself is never recorded. A request without a
 * live challenge is no attempt on any account and is not recorded.
 */
async function recordFailedSignIn(
  user: StaffUser | null,
  step: "password" | "code",
  tx?: DbOrTx,
): Promise<void> {
  await recordAudit(await dbOr(tx), {
    action: "sign_in_failed",
    actor: user,
    target: user ? { type: "staff", id: user.id } : null,
    details: { step },
  });
}

/** Stores the time step of an accepted code; false when it (or a later one) was already used. */
export async function recordTimeStep(
  userId: number,
  timeStep: number,
  tx?: DbOrTx,
): Promise<boolean> {
  const db = await dbOr(tx);
  const updated = await db
    .update(staffUsers)
    .set({ totpLastStep: timeStep })
    .where(
      and(
        eq(staffUsers.id, userId),
        or(isNull(staffUsers.totpLastStep), lt(staffUsers.totpLastStep, timeStep)),
      ),
    )
    .returning({ id: staffUsers.id });
  return updated.length > 0;
}
