import "server-only";
import { newPasswordProblem } from "./common-passwords";
import { eq } from "drizzle-orm";
import { transaction, type DbOrTx } from "@/db/client";
import { staffUsers, type StaffUser } from "@/db/schema";
import { recordAudit } from "@/lib/audit/record";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { AppError } from "@/lib/errors/app-error";
import { enforceRateLimits } from "@/lib/rate-limit/limiter";
import { logInfo, logWarn } from "@/lib/log";
import { withoutLosingLastAdmin } from "./admin-guard";
import { changeOwnCredentials } from "./credentials";
import { accountCheckRule } from "./limits";
import { hashPassword, verifyPassword } from "./password";
import { confirmOwnPassword } from "./reauth";
import { type ChangePasswordInput, type ConfirmPasswordInput } from "./schemas.shared";
import { revokeUserSessions } from "./session";

/**
 * POST /api/change_password: the current password (code 3 when wrong), then the rules (code 4).
 * Every other session of the account ends; this one stays. The new password and the ended
 * sessions and links are one change: none of it happens without the rest. The account's row is
 * locked while it happens and must still hold the password that was checked, so two changes
 * sent at once with the same current password cannot both succeed (the second one's "current
 * password" is no longer current).
 */
export async function changePassword(
  user: StaffUser,
  currentSessionId: string,
  input: ChangePasswordInput,
  now = new Date(),
  tx?: DbOrTx,
): Promise<StaffUser> {
  await enforceRateLimits([accountCheckRule(user.id)], now);
  const currentOk = user.passwordHash
    ? await verifyPassword(user.passwordHash, input.current_password)
    : false;
  if (!currentOk) {
    logWarn("auth", "password not changed: wrong current password", { userId: user.id });
    throw new AppError(ErrorCode.WRONG_PASSWORD);
  }
  const problem = await newPasswordProblem(input.new_password);
  if (problem) {
    throw new AppError(ErrorCode.PASSWORD_CONDITIONS, { fields: { new_password: problem } });
  }
  const passwordHash = await hashPassword(input.new_password);
  return changeOwnCredentials(
    user,
    currentSessionId,
    "password_changed",
    async (tx) => {
      const [locked] = await tx
        .select({ passwordHash: staffUsers.passwordHash })
        .from(staffUsers)
        .where(eq(staffUsers.id, user.id))
        .for("update");
      if (!locked || locked.passwordHash !== user.passwordHash) {
        logWarn("auth", "password not changed: it changed meanwhile", { userId: user.id });
        throw new AppError(ErrorCode.WRONG_PASSWORD);
      }
      const [row] = await tx
        .update(staffUsers)
        .set({ passwordHash })
        .where(eq(staffUsers.id, user.id))
        .returning();
      return row;
    },
    now,
    tx,
  );
}

/**
 * DELETE /api/delete_account: the caller's password (code 3 when wrong), then removes the
 * account and, through the foreign keys, every one of its sessions.
 */
export async function deleteOwnAccount(
  user: StaffUser,
  input: ConfirmPasswordInput,
  now = new Date(),
  tx?: DbOrTx,
): Promise<void> {
  await confirmOwnPassword(user, input.password, "delete own account", now);
  await withoutLosingLastAdmin(
    user.id,
    async (tx) => {
      await tx.delete(staffUsers).where(eq(staffUsers.id, user.id));
      await recordAudit(tx, {
        action: "account_deleted",
        actor: user,
        target: { type: "staff", id: user.id },
      });
    },
    tx,
  );
  logInfo("auth", "account deleted by its owner", { userId: user.id });
}

/**
 * POST /api/sign_out_others ('sign out everywhere else'): ends every session of the account
 * except the one making the call; answers how many ended. Audited as `sign_out_everywhere`.
 */
export async function signOutOtherSessions(
  user: StaffUser,
  currentSessionId: string,
  tx?: DbOrTx,
): Promise<number> {
  const ended = await transaction(tx, async (t) => {
    const count = await revokeUserSessions(user.id, currentSessionId, t);
    await recordAudit(t, {
      action: "sign_out_everywhere",
      actor: user,
      target: { type: "staff", id: user.id },
    });
    return count;
  });
  logInfo("auth", "signed out everywhere else", { userId: user.id, ended });
  return ended;
}
