import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { dbOr, type DbOrTx } from "@/db/client";
import { passwordResetTokens } from "@/db/schema";
import { endUserChallenges } from "./challenge";
import { revokeUserSessions } from "./session";

/** What changed: the password (changed or set with a link), or the second factor. */
export type CredentialChange = "password" | "second factor";

/**
 * What follows a change of an account's credentials, in the caller's transaction: every session
 * of the account ends except `keepSessionId` (the one that made the change, when it stays
 * signed in), and every sign-in waiting for its code ends. After a password change every mailed
 * set-password link stops working too. Answers how many sessions ended.
 */
export async function credentialsChanged(
  userId: number,
  change: CredentialChange,
  { keepSessionId, now = new Date() }: { keepSessionId?: string; now?: Date } = {},
  tx?: DbOrTx,
): Promise<number> {
  const ended = await revokeUserSessions(userId, keepSessionId, tx);
  await endUserChallenges(userId, tx);
  if (change === "password") await voidSetPasswordTokens(userId, now, tx);
  return ended;
}

/** Every outstanding set-password link of an account stops working. */
export async function voidSetPasswordTokens(
  userId: number,
  now = new Date(),
  tx?: DbOrTx,
): Promise<void> {
  const db = await dbOr(tx);
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}
