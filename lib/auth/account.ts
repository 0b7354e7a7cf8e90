import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { loginChallenges, staffUsers, type StaffUser } from "@/db/schema";
import { ErrorCode } from "@/lib/http/error-codes";
import { AppError } from "@/lib/http/errors";
import { enforceRateLimits } from "@/lib/http/rate-limit";
import { logInfo, logWarn } from "@/lib/log";
import { withoutLosingLastAdmin } from "./admin-guard";
import { accountCheckRule } from "./limits";
import { hashPassword, verifyPassword } from "./password";
import { voidSetPasswordTokens } from "./password-reset";
import { passwordProblem, type ChangePasswordInput } from "./schemas";
import { revokeUserSessions } from "./session";

/**
 * POST /api/change_password: the current password (code 3 when wrong), then the rules (code 4).
 * Every other session of the account ends; this one stays.
 */
export async function changePassword(
  user: StaffUser,
  currentSessionId: string,
  input: ChangePasswordInput,
  now = new Date(),
): Promise<StaffUser> {
  await enforceRateLimits([accountCheckRule(user.id)], now);
  const currentOk = user.passwordHash
    ? await verifyPassword(user.passwordHash, input.current_password)
    : false;
  if (!currentOk) {
    logWarn("auth", "password not changed: wrong current password", { userId: user.id });
    throw new AppError(ErrorCode.WRONG_PASSWORD);
  }
  const problem = passwordProblem(input.new_password);
  if (problem) {
    throw new AppError(ErrorCode.PASSWORD_CONDITIONS, { fields: { new_password: problem } });
  }
  const db = await getDb();
  const [updated] = await db
    .update(staffUsers)
    .set({ passwordHash: await hashPassword(input.new_password) })
    .where(eq(staffUsers.id, user.id))
    .returning();
  await revokeUserSessions(user.id, currentSessionId);
  await db.delete(loginChallenges).where(eq(loginChallenges.userId, user.id));
  await voidSetPasswordTokens(user.id, now);
  logInfo("auth", "password changed", { userId: user.id });
  return updated;
}

/** DELETE /api/delete_account: removes the account and, through the foreign keys, its sessions. */
export async function deleteOwnAccount(user: StaffUser): Promise<void> {
  await withoutLosingLastAdmin(user.id, (tx) =>
    tx.delete(staffUsers).where(eq(staffUsers.id, user.id)),
  );
  logInfo("auth", "account deleted by its owner", { userId: user.id });
}
