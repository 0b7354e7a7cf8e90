import "server-only";
import { and, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import { dbOr, type DbOrTx } from "@/db/client";
import { staffUsers, type StaffUser } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { ErrorCode } from "@/lib/errors/codes.shared";

/** Wrong second-factor codes in a row (across challenges) that lock an account's code step… */
export const CODE_LOCK_AFTER = 10;
/** …for this long. */
export const CODE_LOCK_MS = 15 * 60 * 1000;

/**
 * Refuses the second-factor step of an account whose step is locked: the rate-limit answer,
 * 429 code 23 with Retry-After until the lock ends. Read from the account's row, so the lock
 * holds on every instance.
 */
export function assertCodeStepOpen(
  user: Pick<StaffUser, "secondFactorLockedUntil">,
  now: Date,
): void {
  const until = user.secondFactorLockedUntil;
  if (until && until.getTime() > now.getTime()) {
    throw new AppError(ErrorCode.RATE_LIMITED, {
      retryAfterSeconds: (until.getTime() - now.getTime()) / 1000,
    });
  }
}

/** The account's row while its code step is not locked (never locked, or the lock has ended). */
function withCodeStepOpen(userId: number, now: Date) {
  return and(
    eq(staffUsers.id, userId),
    or(isNull(staffUsers.secondFactorLockedUntil), lte(staffUsers.secondFactorLockedUntil, now)),
  );
}

/**
 * Counts a wrong code for the account, in one statement (two wrong codes at once both count).
 * The tenth in a row locks the step for 15 minutes and starts the count again; answers the end
 * of the lock when this very code set it (so its holder is mailed once per lock), else null. A
 * code sent while locked changes nothing.
 */
export async function recordWrongCode(
  userId: number,
  now = new Date(),
  tx?: DbOrTx,
): Promise<Date | null> {
  const db = await dbOr(tx);
  const lockEnd = new Date(now.getTime() + CODE_LOCK_MS);
  const reaches = sql`${staffUsers.secondFactorFailures} + 1 >= ${CODE_LOCK_AFTER}`;
  const [row] = await db
    .update(staffUsers)
    .set({
      secondFactorFailures: sql`case when ${reaches} then 0 else ${staffUsers.secondFactorFailures} + 1 end`,
      secondFactorLockedUntil: sql`case when ${reaches} then ${lockEnd.toISOString()}::timestamptz else ${staffUsers.secondFactorLockedUntil} end`,
    })
    .where(withCodeStepOpen(userId, now))
    .returning({ lockedUntil: staffUsers.secondFactorLockedUntil });
  return row?.lockedUntil && row.lockedUntil.getTime() === lockEnd.getTime()
    ? row.lockedUntil
    : null;
}

/** A right code: the count of wrong ones starts again (a lock that is still on stays on). */
export async function clearWrongCodes(userId: number, now = new Date(), tx?: DbOrTx) {
  const db = await dbOr(tx);
  await db
    .update(staffUsers)
    .set({ secondFactorFailures: 0, secondFactorLockedUntil: null })
    .where(
      and(
        withCodeStepOpen(userId, now),
        or(gt(staffUsers.secondFactorFailures, 0), lte(staffUsers.secondFactorLockedUntil, now)),
      ),
    );
}
