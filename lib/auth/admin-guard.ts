import "server-only";
import { eq } from "drizzle-orm";
import { transaction, type DbOrTx, type Tx } from "@/db/client";
import { staffUsers } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { ErrorCode } from "@/lib/errors/codes.shared";

/**
 * The portal must keep at least one admin who can sign in: only an admin can invite staff or
 * hand out the role. Code 8 ("requires an admin") as a conflict with the current state: the action would
 * leave nobody who is one.
 */
export function lastAdminError(): AppError {
  return new AppError(ErrorCode.ADMIN_REQUIRED, {
    kind: "conflict",
    message:
      "The last admin cannot be removed or lose the admin role; make someone else an admin first",
  });
}

/**
 * Runs `change` while every admin row is locked, after checking that the account it touches
 * is not the last admin. Locking all admins makes two admins demoting each other at the same
 * moment wait for one another instead of both succeeding. Inside a caller's transaction the
 * locks are held until that transaction ends.
 */
export async function withoutLosingLastAdmin<T>(
  userId: number,
  change: (tx: Tx) => Promise<T>,
  tx?: DbOrTx,
): Promise<T> {
  return transaction(tx, async (tx) => {
    const admins = await tx
      .select({ id: staffUsers.id, passwordHash: staffUsers.passwordHash })
      .from(staffUsers)
      .where(eq(staffUsers.isAdmin, true))
      .for("update");
    // Only an admin who can sign in counts: one invited and not yet accepted may never do so
    // (a mistyped address), and the portal would be left without anyone to hand out the role.
    const othersWhoCanSignIn = admins.filter((a) => a.id !== userId && a.passwordHash !== null);
    if (admins.some((a) => a.id === userId) && othersWhoCanSignIn.length === 0) {
      throw lastAdminError();
    }
    return change(tx);
  });
}
