import "server-only";
import { newPasswordProblem } from "./common-passwords";
import { setTimeout as sleep } from "node:timers/promises";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import { dbOr, getDb, transaction, type DbOrTx } from "@/db/client";
import { passwordResetTokens, staffUsers } from "@/db/schema";
import { recordAudit } from "@/lib/audit/record";
import { randomToken, sha256Hex } from "@/lib/crypto/tokens";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { AppError } from "@/lib/errors/app-error";
import type { Locale } from "@/lib/i18n/locales.shared";
import { logInfo } from "@/lib/log";
import { afterResponse } from "@/lib/deferred/after-response";
import { sendMail } from "@/lib/mail";
import { notifyAccountHolder } from "./account-mails";
import { credentialsChanged } from "./credentials";
import { setPasswordMail, type TokenPurpose } from "./mails";
import { hashPassword } from "./password";
import { type ResetPasswordInput } from "./schemas.shared";
import { findStaffByEmail } from "./staff-users";

const LIFETIME_MS: Record<TokenPurpose, number> = {
  reset: 60 * 60 * 1000,
  invite: 7 * 24 * 60 * 60 * 1000,
};

/**
 * The forgot-password answer never comes sooner than this, whether or not a mail was sent, so
 * its timing does not tell whether an address has an account. It covers a provider call.
 */
export const FORGOT_PASSWORD_MIN_MS = 600;

/** A single-use set-password token (160 bits); only its SHA-256 is stored. */
export async function issueSetPasswordToken(
  userId: number,
  purpose: TokenPurpose,
  now = new Date(),
  tx?: DbOrTx,
): Promise<string> {
  const db = await dbOr(tx);
  const token = randomToken(20);
  await db.insert(passwordResetTokens).values({
    tokenHash: sha256Hex(token),
    userId,
    purpose,
    createdAt: now,
    expiresAt: new Date(now.getTime() + LIFETIME_MS[purpose]),
  });
  return token;
}

/**
 * POST /api/forgot_password: mails a reset link when the address has an account; answers the
 * same either way. Its limits (per client, per address, site-wide) are the route's.
 */
export async function requestPasswordReset(
  email: string,
  locale: Locale,
  now = new Date(),
): Promise<void> {
  const started = performance.now();
  const user = await findStaffByEmail(email);
  if (user) {
    // After the answer: neither the provider's speed nor a failure may show in the response,
    // which must look the same as for an unknown address.
    afterResponse(
      "auth",
      async () => {
        const token = await issueSetPasswordToken(user.id, "reset", now);
        await sendMail(setPasswordMail("reset", locale, user.email, token));
        logInfo("auth", "password reset mail sent", { userId: user.id });
      },
      { action: "password reset mail", userId: user.id },
    );
  }
  const left = FORGOT_PASSWORD_MIN_MS - (performance.now() - started);
  if (left > 0) await sleep(left);
}

/**
 * POST /api/reset_password (also how an invited member sets a first password). Unknown, used
 * or mismatched tokens are code 5, expired ones code 6; a weak password is code 4 and leaves
 * the token usable. Success ends every session of the account, and a reset (not a first
 * password from an invitation) is mailed to the holder; `locale`, the page's language, becomes
 * the account's.
 */
export async function resetPassword(
  input: ResetPasswordInput,
  now = new Date(),
  tx?: DbOrTx,
  locale?: Locale,
): Promise<void> {
  const db = await dbOr(tx);
  const tokenHash = sha256Hex(input.reset_token);
  const [row] = await db
    .select({ token: passwordResetTokens, email: staffUsers.email })
    .from(passwordResetTokens)
    .innerJoin(staffUsers, eq(staffUsers.id, passwordResetTokens.userId))
    .where(eq(passwordResetTokens.tokenHash, tokenHash))
    .limit(1);
  if (!row || row.token.usedAt || row.email !== input.email) {
    throw new AppError(ErrorCode.RESET_FAILED);
  }
  if (row.token.expiresAt.getTime() <= now.getTime()) throw new AppError(ErrorCode.TOKEN_EXPIRED);
  const problem = await newPasswordProblem(input.new_password);
  if (problem) {
    throw new AppError(ErrorCode.PASSWORD_CONDITIONS, { fields: { new_password: problem } });
  }
  const passwordHash = await hashPassword(input.new_password);
  const userId = row.token.userId;
  const holder = await transaction(tx, async (tx) => {
    // Claiming the token and setting the password happen together, and only once.
    const claimed = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt)))
      .returning({ tokenHash: passwordResetTokens.tokenHash });
    if (claimed.length === 0) throw new AppError(ErrorCode.RESET_FAILED);
    const [updated] = await tx
      .update(staffUsers)
      .set({ passwordHash, isVerified: true, ...(locale ? { locale } : {}) })
      .where(eq(staffUsers.id, userId))
      .returning();
    await credentialsChanged(userId, "password", { now }, tx);
    await recordAudit(tx, {
      action: "password_reset",
      actor: { id: userId, email: row.email },
      target: { type: "staff", id: userId },
      details: { via: row.token.purpose },
    });
    return updated;
  });
  logInfo("auth", "password set with a mailed link", { userId, purpose: row.token.purpose });
  if (row.token.purpose === "reset") notifyAccountHolder("password_reset", holder, now);
}

/** Housekeeping: used tokens and tokens expired for a day are of no further use. */
export async function deleteStaleSetPasswordTokens(now = new Date()): Promise<void> {
  const db = await getDb();
  const dayAgo = new Date(now.getTime() - 86_400_000);
  await db
    .delete(passwordResetTokens)
    .where(or(lt(passwordResetTokens.usedAt, dayAgo), lt(passwordResetTokens.expiresAt, dayAgo)));
}
