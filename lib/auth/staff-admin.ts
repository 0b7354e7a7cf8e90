import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { staffUsers, type StaffUser } from "@/db/schema";
import { ErrorCode } from "@/lib/http/error-codes";
import { AppError } from "@/lib/http/errors";
import type { Locale } from "@/lib/i18n/locales";
import { logInfo } from "@/lib/log";
import { sendMail } from "@/lib/mail";
import { withoutLosingLastAdmin, type Tx } from "./admin-guard";
import { setPasswordMail } from "./mails";
import { issueSetPasswordToken } from "./password-reset";
import type { InviteStaffInput } from "./staff-schemas";
import { findStaffById } from "./staff-users";

async function mustFind(id: number): Promise<StaffUser> {
  const user = await findStaffById(id);
  if (!user) throw new AppError(ErrorCode.USER_NOT_FOUND);
  return user;
}

async function mailInvitation(user: StaffUser, locale: Locale): Promise<void> {
  const token = await issueSetPasswordToken(user.id, "invite");
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
): Promise<StaffUser> {
  const db = await getDb();
  const [user] = await db
    .insert(staffUsers)
    .values({ email: input.email, name: input.name, isAdmin: input.is_admin, passwordHash: null })
    .onConflictDoNothing({ target: staffUsers.email })
    .returning();
  if (!user) throw new AppError(ErrorCode.EMAIL_EXISTS);
  try {
    await mailInvitation(user, locale);
  } catch (error) {
    await db.delete(staffUsers).where(eq(staffUsers.id, user.id));
    throw error;
  }
  logInfo("auth", "staff member invited", { userId: user.id, invitedBy: invitedBy.id });
  return user;
}

/** POST /api/staff/{id}/resend_invite: a new link for someone who has not chosen a password yet. */
export async function resendInvitation(id: number, locale: Locale): Promise<void> {
  const user = await mustFind(id);
  if (user.passwordHash !== null) {
    throw new AppError(ErrorCode.INVALID_INPUT, {
      status: 409,
      message: "This account is already active",
    });
  }
  await mailInvitation(user, locale);
  logInfo("auth", "staff invitation sent again", { userId: user.id });
}

/** PUT /api/staff/{id}: grants or takes the admin role; the last admin keeps it (code 8). */
export async function setStaffAdmin(id: number, isAdmin: boolean, by: StaffUser): Promise<StaffUser> {
  await mustFind(id);
  const change = async (tx: Tx) => {
    const [updated] = await tx
      .update(staffUsers)
      .set({ isAdmin })
      .where(eq(staffUsers.id, id))
      .returning();
    return updated;
  };
  const updated = isAdmin
    ? await (await getDb()).transaction(change)
    : await withoutLosingLastAdmin(id, change);
  if (!updated) throw new AppError(ErrorCode.USER_NOT_FOUND);
  logInfo("auth", isAdmin ? "admin role granted" : "admin role taken away", { userId: id, by: by.id });
  return updated;
}

/** DELETE /api/staff/{id}: removes an account and its sessions; never the last admin. */
export async function removeStaff(id: number, by: StaffUser): Promise<void> {
  await mustFind(id);
  const removed = await withoutLosingLastAdmin(id, (tx) =>
    tx.delete(staffUsers).where(eq(staffUsers.id, id)).returning({ id: staffUsers.id }),
  );
  if (removed.length === 0) throw new AppError(ErrorCode.USER_NOT_FOUND);
  logInfo("auth", "staff member removed", { userId: id, by: by.id });
}
