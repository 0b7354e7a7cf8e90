import { eq } from "drizzle-orm";
import { getDb, type Db } from "@/db/client";
import { staffUsers } from "@/db/schema";
import { ErrorCode } from "@/lib/http/error-codes";
import { AppError } from "@/lib/http/errors";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * The portal must keep at least one admin: only an admin can invite staff or hand out the
 * role. Answered with code 8 ("requires an admin") and status 409, as the action would leave
 * nobody who is one.
 */
export function lastAdminError(): AppError {
  return new AppError(ErrorCode.ADMIN_REQUIRED, {
    status: 409,
    message: "The last admin cannot be removed or lose the admin role; make someone else an admin first",
  });
}

/**
 * Runs `change` while every admin row is locked, after checking that the account it touches
 * is not the last admin. Locking all admins makes two admins demoting each other at the same
 * moment wait for one another instead of both succeeding.
 */
export async function withoutLosingLastAdmin<T>(
  userId: number,
  change: (tx: Tx) => Promise<T>,
): Promise<T> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const admins = await tx
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(eq(staffUsers.isAdmin, true))
      .for("update");
    if (admins.some((a) => a.id === userId) && admins.length <= 1) throw lastAdminError();
    return change(tx);
  });
}
