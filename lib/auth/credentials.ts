import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { dbOr, transaction, type DbOrTx, type Tx } from "@/db/client";
import { passwordResetTokens, type StaffUser } from "@/db/schema";
import { recordAudit } from "@/lib/audit/record";
import { logInfo } from "@/lib/log";
import { notifyAccountHolder } from "./account-mails";
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

/** A change holders make to their own credentials; its audit action and its mail have this name. */
export type OwnCredentialChange = "password_changed" | "two_factor_enabled" | "two_factor_disabled";

const OWN_CHANGES: Record<OwnCredentialChange, { change: CredentialChange; logged: string }> = {
  password_changed: { change: "password", logged: "password changed" },
  two_factor_enabled: { change: "second factor", logged: "two-factor enabled" },
  two_factor_disabled: { change: "second factor", logged: "two-factor disabled" },
};

/**
 * A change holders make to their own credentials from the session `currentSessionId`: `update`
 * writes the account's row (answering it), in one transaction with what follows every change of
 * credentials (`credentialsChanged`: every other session ends) and the audit row named `event`.
 * Once that has committed it is logged and the holder is told by mail.
 */
export async function changeOwnCredentials(
  user: StaffUser,
  currentSessionId: string,
  event: OwnCredentialChange,
  update: (tx: Tx) => Promise<StaffUser>,
  now: Date,
  tx?: DbOrTx,
): Promise<StaffUser> {
  const { change, logged } = OWN_CHANGES[event];
  const updated = await transaction(tx, async (tx) => {
    const row = await update(tx);
    await credentialsChanged(user.id, change, { keepSessionId: currentSessionId, now }, tx);
    await recordAudit(tx, { action: event, actor: user, target: { type: "staff", id: user.id } });
    return row;
  });
  logInfo("auth", logged, { userId: user.id });
  notifyAccountHolder(event, updated, now);
  return updated;
}
