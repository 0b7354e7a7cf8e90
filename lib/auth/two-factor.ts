import "server-only";
import { and, eq, isNull, lte, or } from "drizzle-orm";
import { dbOr, getDb, type DbOrTx } from "@/db/client";
import { staffUsers, type StaffUser } from "@/db/schema";
import { constantTimeEqual } from "@/lib/crypto/tokens";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { AppError } from "@/lib/errors/app-error";
import { enforceRateLimits } from "@/lib/rate-limit/limiter";
import { logWarn } from "@/lib/log";
import { accountCheckRule } from "./limits";
import { recordTimeStep } from "./login";
import { changeOwnCredentials } from "./credentials";
import type { DisableTwoFactorInput, EnableTwoFactorInput } from "./schemas.shared";
import {
  checkTotp,
  newTotpSecret,
  openTotpSecret,
  readTotpSecret,
  sealTotpSecret,
  totpQrCode,
} from "./totp";

/** How long a pending secret is shown again before setup makes a new one. */
export const PENDING_SECRET_MS = 15 * 60 * 1000;

/**
 * GET /api/generate_2fa_secret: the pending secret (kept encrypted until a code from it turns
 * two-factor on), made on the first call and answered again on every call within 15 minutes.
 * A GET must not change state on every call: a link on another site could otherwise replace
 * the secret someone is scanning. Code 9 when two-factor is already on.
 */
export async function startTwoFactorSetup(user: StaffUser, now = new Date()) {
  if (user.twoFactorEnabled) throw new AppError(ErrorCode.TWO_FACTOR_ALREADY_ENABLED);
  const db = await getDb();
  const freshSince = new Date(now.getTime() - PENDING_SECRET_MS);
  const candidate = newTotpSecret();
  // Replaces the pending secret only when there is none or it is stale; two first calls at the
  // same moment both answer the one that was stored.
  await db
    .update(staffUsers)
    .set({ totpSecret: sealTotpSecret(candidate), totpPendingSince: now, totpLastStep: null })
    .where(
      and(
        eq(staffUsers.id, user.id),
        eq(staffUsers.twoFactorEnabled, false),
        or(
          isNull(staffUsers.totpSecret),
          isNull(staffUsers.totpPendingSince),
          lte(staffUsers.totpPendingSince, freshSince),
        ),
      ),
    );
  const [row] = await db
    .select({ secret: staffUsers.totpSecret, enabled: staffUsers.twoFactorEnabled })
    .from(staffUsers)
    .where(eq(staffUsers.id, user.id));
  if (!row || row.enabled || !row.secret) throw new AppError(ErrorCode.TWO_FACTOR_ALREADY_ENABLED);
  const secret =
    readTotpSecret(row.secret) ?? (await replaceUnreadableSecret(user.id, candidate, now));
  return { qr_code: await totpQrCode(user.email, secret), totp_secret: secret };
}

/**
 * A pending secret no configured key opens (APP_SECRET changed during a setup) counts as none:
 * the new one replaces it at once rather than after the pending time, which would leave an
 * account that must set up two-factor unable to for that long.
 */
async function replaceUnreadableSecret(userId: number, candidate: string, now: Date) {
  const db = await getDb();
  const [row] = await db
    .update(staffUsers)
    .set({ totpSecret: sealTotpSecret(candidate), totpPendingSince: now, totpLastStep: null })
    .where(and(eq(staffUsers.id, userId), eq(staffUsers.twoFactorEnabled, false)))
    .returning({ id: staffUsers.id });
  if (!row) throw new AppError(ErrorCode.TWO_FACTOR_ALREADY_ENABLED);
  return candidate;
}

/** The columns of an account without two-factor sign-in and without a pending secret. */
const twoFactorOff = {
  twoFactorEnabled: false,
  totpSecret: null,
  totpPendingSince: null,
  totpLastStep: null,
  // Wrong codes typed against the old secret say nothing about the next one: a reset (a lost
  // phone) must not leave the new setup one typo away from a lock.
  secondFactorFailures: 0,
  secondFactorLockedUntil: null,
} as const;

/**
 * Turns an account's two-factor sign-in off and forgets its secret, in use or pending; answers the
 * updated row (like every `returning()` here, nothing when no account has this id, or with
 * `onlyWhenOn` when its two-factor sign-in is not on). Whatever else
 * follows (sessions, audit, mail) is the caller's.
 */
export async function turnTwoFactorOff(
  id: number,
  tx?: DbOrTx,
  { onlyWhenOn = false }: { onlyWhenOn?: boolean } = {},
): Promise<StaffUser> {
  const db = await dbOr(tx);
  const [row] = await db
    .update(staffUsers)
    .set(twoFactorOff)
    .where(
      onlyWhenOn
        ? and(eq(staffUsers.id, id), eq(staffUsers.twoFactorEnabled, true))
        : eq(staffUsers.id, id),
    )
    .returning();
  return row;
}

/**
 * POST /api/enable_2fa: the secret must be the pending one and the code must come from it.
 * Every other session of the account ends: one signed in before needed no code
 * (`credentialsChanged`, which also ends any sign-in waiting for a code).
 */
export async function enableTwoFactor(
  user: StaffUser,
  currentSessionId: string,
  input: EnableTwoFactorInput,
  now = new Date(),
  tx?: DbOrTx,
): Promise<StaffUser> {
  if (user.twoFactorEnabled) throw new AppError(ErrorCode.TWO_FACTOR_ALREADY_ENABLED);
  await enforceRateLimits([accountCheckRule(user.id)], now);
  // A pending secret no configured key opens is as good as none: the user asks for a new one.
  const pending = user.totpSecret ? readTotpSecret(user.totpSecret) : null;
  const check =
    pending && constantTimeEqual(pending, input.totp_secret.toUpperCase())
      ? await checkTotp(pending, input.totp_code, user.totpLastStep, now)
      : ({ valid: false } as const);
  if (!check.valid) {
    logWarn("auth", "two-factor not enabled: wrong code", { userId: user.id });
    throw new AppError(ErrorCode.INCORRECT_2FA_CODE);
  }
  return changeOwnCredentials(
    user,
    currentSessionId,
    "two_factor_enabled",
    async (tx) => {
      // Only the secret whose code was checked: a setup in another tab may have replaced it
      // since this account was read, and turning on a secret the user's app does not hold would
      // lock them out of signing in.
      const [row] = await tx
        .update(staffUsers)
        .set({ twoFactorEnabled: true, totpLastStep: check.timeStep, totpPendingSince: null })
        .where(
          and(
            eq(staffUsers.id, user.id),
            eq(staffUsers.twoFactorEnabled, false),
            eq(staffUsers.totpSecret, user.totpSecret!),
          ),
        )
        .returning();
      if (row) return row;
      const [current] = await tx
        .select({ enabled: staffUsers.twoFactorEnabled })
        .from(staffUsers)
        .where(eq(staffUsers.id, user.id));
      if (current?.enabled) throw new AppError(ErrorCode.TWO_FACTOR_ALREADY_ENABLED);
      logWarn("auth", "two-factor not enabled: the pending secret was replaced", {
        userId: user.id,
      });
      throw new AppError(ErrorCode.INCORRECT_2FA_CODE);
    },
    now,
    tx,
  );
}

/**
 * POST /api/disable_2fa: a current code turns it off and forgets the secret. Every other
 * session of the account ends, and any sign-in waiting for a code: whoever turns the second
 * factor off should be the only one in.
 */
export async function disableTwoFactor(
  user: StaffUser,
  currentSessionId: string,
  input: DisableTwoFactorInput,
  now = new Date(),
  tx?: DbOrTx,
): Promise<StaffUser> {
  if (!user.twoFactorEnabled || !user.totpSecret) {
    throw new AppError(ErrorCode.TWO_FACTOR_ALREADY_DISABLED);
  }
  await enforceRateLimits([accountCheckRule(user.id)], now);
  const check = await checkTotp(
    openTotpSecret(user.totpSecret, user.id),
    input.totp_code,
    user.totpLastStep,
    now,
  );
  if (!check.valid || !(await recordTimeStep(user.id, check.timeStep, tx))) {
    logWarn("auth", "two-factor not disabled: wrong code", { userId: user.id });
    throw new AppError(ErrorCode.INCORRECT_2FA_CODE);
  }
  return changeOwnCredentials(
    user,
    currentSessionId,
    "two_factor_disabled",
    (tx) => turnTwoFactorOff(user.id, tx),
    now,
    tx,
  );
}
