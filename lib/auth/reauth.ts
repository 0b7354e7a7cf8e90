import "server-only";
import type { StaffUser } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { logWarn } from "@/lib/log";
import { enforceRateLimits } from "@/lib/rate-limit/limiter";
import { accountCheckRule } from "./limits";
import { verifyPassword } from "./password";

/**
 * The signed-in user's own password, asked again before an action a stolen session must not
 * take alone (deleting an account, removing staff, granting admin rights, resetting someone's
 * two-factor sign-in). Wrong is code 3. Every try counts under the same per-account limit as
 * the other signed-in password and code checks, so a session gives no unlimited guessing.
 */
export async function confirmOwnPassword(
  user: StaffUser,
  password: string,
  action: string,
  now = new Date(),
): Promise<void> {
  await enforceRateLimits([accountCheckRule(user.id)], now);
  const ok = user.passwordHash ? await verifyPassword(user.passwordHash, password) : false;
  if (!ok) {
    logWarn("auth", "action refused: wrong password", { userId: user.id, action });
    throw new AppError(ErrorCode.WRONG_PASSWORD);
  }
}
