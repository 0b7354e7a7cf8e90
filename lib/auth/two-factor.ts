import "server-only";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { staffUsers, type StaffUser } from "@/db/schema";
import { constantTimeEqual } from "@/lib/crypto/tokens";
import { ErrorCode } from "@/lib/errors/codes";
import { AppError } from "@/lib/errors/app-error";
import { enforceRateLimits } from "@/lib/rate-limit/limiter";
import { logInfo, logWarn } from "@/lib/log";
import { accountCheckRule } from "./limits";
import { recordTimeStep } from "./login";
import type { DisableTwoFactorInput, EnableTwoFactorInput } from "./schemas";
import {
  checkTotp,
  newTotpSecret,
  openTotpSecret,
  readTotpSecret,
  sealTotpSecret,
  totpQrCode,
} from "./totp";

/**
 * GET /api/generate_2fa_secret: a fresh secret, kept (encrypted) as the pending one until a
 * code from it turns two-factor on. Code 9 when it is already on.
 */
export async function startTwoFactorSetup(user: StaffUser) {
  if (user.twoFactorEnabled) throw new AppError(ErrorCode.TWO_FACTOR_ALREADY_ENABLED);
  const secret = newTotpSecret();
  const db = await getDb();
  await db
    .update(staffUsers)
    .set({ totpSecret: sealTotpSecret(secret), totpLastStep: null })
    .where(and(eq(staffUsers.id, user.id), eq(staffUsers.twoFactorEnabled, false)));
  return { qr_code: await totpQrCode(user.email, secret), totp_secret: secret };
}

/** POST /api/enable_2fa: the secret must be the pending one and the code must come from it. */
export async function enableTwoFactor(
  user: StaffUser,
  input: EnableTwoFactorInput,
  now = new Date(),
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
  const db = await getDb();
  const [updated] = await db
    .update(staffUsers)
    .set({ twoFactorEnabled: true, totpLastStep: check.timeStep })
    .where(and(eq(staffUsers.id, user.id), eq(staffUsers.twoFactorEnabled, false)))
    .returning();
  if (!updated) throw new AppError(ErrorCode.TWO_FACTOR_ALREADY_ENABLED);
  logInfo("auth", "two-factor enabled", { userId: user.id });
  return updated;
}

/** POST /api/disable_2fa: a current code turns it off and forgets the secret. */
export async function disableTwoFactor(
  user: StaffUser,
  input: DisableTwoFactorInput,
  now = new Date(),
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
  if (!check.valid || !(await recordTimeStep(user.id, check.timeStep))) {
    logWarn("auth", "two-factor not disabled: wrong code", { userId: user.id });
    throw new AppError(ErrorCode.INCORRECT_2FA_CODE);
  }
  const db = await getDb();
  const [updated] = await db
    .update(staffUsers)
    .set({ twoFactorEnabled: false, totpSecret: null, totpLastStep: null })
    .where(eq(staffUsers.id, user.id))
    .returning();
  logInfo("auth", "two-factor disabled", { userId: user.id });
  return updated;
}
