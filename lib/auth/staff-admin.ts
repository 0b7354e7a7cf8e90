import "server-only";
import { eq } from "drizzle-orm";
import { dbOr, transaction, type DbOrTx, type Tx } from "@/db/client";
import { staffUsers, type StaffUser } from "@/db/schema";
import { ErrorCode } from "@/lib/errors/codes";
import { AppError } from "@/lib/errors/app-error";
import type { Locale } from "@/lib/i18n/locales";
import { logInfo } from "@/lib/log";
import { sendMail } from "@/lib/mail";
import { withoutLosingLastAdmin } from "./admin-guard";
import { setPasswordMail } from "./mails";
import { issueSetPasswordToken } from "./password-reset";
import type { InviteStaffInput } from "./staff-schemas";
import { findStaffById } from "./staff-users";

async function mustFind(id: number, tx?: DbOrTx): Promise<StaffUser> {
  const user = await findStaffById(id, tx);
  if (!user) throw new AppError(ErrorCode.USER_NOT_FOUND);
  return user;
}

async function mailInvitation(user: StaffUser, locale: Locale, tx?: DbOrTx): Promise<void> {
  const token = await issueSetPasswordToken(user.id, "invite", new Date(), tx);
  await sendMail(setPasswordMail("invite", locale, user.email, token));
}

/**
 * POST /api/staff: creates the account without a password and mails a set-password link.
 * When the mail cannot be sent the account is not kept, so the admin can simply try again.
 */
export async function inviteStaff(
  input: InviteStaffInput,
  invitedBy: StaffUser,
  locale: Locale,
  tx?: DbOrTx,
): Promise<StaffUser> {
  const db = await dbOr(tx);
  const [user] = await db
    .insert(staffUsers)
    .values({ email: input.email, name: input.name, isAdmin: input.is_admin, passwordHash: null })
    .onConflictDoNothing({ target: staffUsers.email })
    .returning();
  if (!user) throw new AppError(ErrorCode.EMAIL_EXISTS);
  try {
    await mailInvitation(user, locale, tx);
  } catch (error) {
    await db.delete(staffUsers).where(eq(staffUsers.id, user.id));
    throw error;
  }
  logInfo("auth", "staff member invited", { userId: user.id, invitedBy: invitedBy.id });
  return user;
}

/** POST /api/staff/{id}/resend_invite: a new link for someone who has not chosen a password yet. */
export async function resendInvitation(id: number, locale: Locale, tx?: DbOrTx): Promise<void> {
  const user = await mustFind(id, tx);
  if (user.passwordHash !== null) {
    throw new AppError(ErrorCode.INVALID_INPUT, {
      kind: "conflict",
      message: "This account is already active",
    });
  }
  await mailInvitation(user, locale, tx);
  logInfo("auth", "staff invitation sent again", { userId: user.id });
}

/** PUT /api/staff/{id}: grants or takes the admin role; the last admin keeps it (code 8). */
export async function setStaffAdmin(
  id: number,
  isAdmin: boolean,
  by: StaffUser,
  tx?: DbOrTx,
): Promise<StaffUser> {
  await mustFind(id, tx);
  const change = async (inner: Tx) => {
    const [updated] = await inner
      .update(staffUsers)
      .set({ isAdmin })
      .where(eq(staffUsers.id, id))
      .returning();
    return updated;
  };
  const updated = isAdmin
    ? await transaction(tx, change)
    : await withoutLosingLastAdmin(id, change, tx);
  if (!updated) throw new AppError(ErrorCode.USER_NOT_FOUND);
  logInfo("auth", isAdmin ? "admin role granted" : "admin role taken away", {
    userId: id,
    by: by.id,
  });
  return updated;
}

/** DELETE /api/staff/{id}: removes an account and its sessions; never the last admin. */
export async function removeStaff(id: number, by: StaffUser, tx?: DbOrTx): Promise<void> {
  await mustFind(id, tx);
  const removed = await withoutLosingLastAdmin(
    id,
    (inner) =>
      inner.delete(staffUsers).where(eq(staffUsers.id, id)).returning({ id: staffUsers.id }),
    tx,
  );
  if (removed.length === 0) throw new AppError(ErrorCode.USER_NOT_FOUND);
  logInfo("auth", "staff member removed", { userId: id, by: by.id });
}
