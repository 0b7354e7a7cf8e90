import "server-only";
import { eq } from "drizzle-orm";
import { transaction, type DbOrTx, type Tx } from "@/db/client";
import { staffUsers, type StaffUser } from "@/db/schema";
import { recordAudit, type AuditActor } from "@/lib/audit/record";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { AppError } from "@/lib/errors/app-error";
import type { Locale } from "@/lib/i18n/locales.shared";
import { logError, logInfo } from "@/lib/log";
import { sendMail } from "@/lib/mail";
import { notifyAccountHolder } from "./account-mails";
import { withoutLosingLastAdmin } from "./admin-guard";
import { setPasswordMail } from "./mails";
import { credentialsChanged, voidSetPasswordTokens } from "./credentials";
import { issueSetPasswordToken } from "./password-reset";
import { confirmOwnPassword } from "./reauth";
import type { ConfirmPasswordInput } from "./schemas.shared";
import { revokeUserSessions } from "./session";
import type { InviteStaffInput, UpdateStaffInput } from "./staff-schemas.shared";
import { turnTwoFactorOff } from "./two-factor";
import { findStaffByEmail, findStaffById } from "./staff-users";

async function mustFind(id: number, tx?: DbOrTx): Promise<StaffUser> {
  const user = await findStaffById(id, tx);
  if (!user) throw new AppError(ErrorCode.USER_NOT_FOUND);
  return user;
}

/**
 * The invitation's set-password mail. A mail that could not be sent is 503 code 13 (try again
 * later), as for the panel's mails, never the provider's own error as a 500.
 */
async function mailInvitation(user: StaffUser, locale: Locale, tx?: DbOrTx): Promise<void> {
  const token = await issueSetPasswordToken(user.id, "invite", new Date(), tx);
  try {
    await sendMail(setPasswordMail("invite", locale, user.email, token));
  } catch (error) {
    logError("auth", error, { userId: user.id, mail: "invitation" });
    throw new AppError(ErrorCode.UNKNOWN, {
      kind: "unavailable",
      message: "Could not send the email, try again later",
    });
  }
}

/**
 * POST /api/staff: creates the account without a password and mails a set-password link, in
 * one transaction with its `staff_invited` audit row. When the mail cannot be sent the account
 * is not kept, so the admin can simply try again.
 */
export async function inviteStaff(
  input: InviteStaffInput,
  invitedBy: StaffUser,
  locale: Locale,
  tx?: DbOrTx,
  now = new Date(),
): Promise<StaffUser> {
  // A new admin needs the caller's password, as granting the role does: a stolen session
  // cannot make new admins (code 3 when wrong).
  if (input.is_admin)
    await confirmOwnPassword(invitedBy, input.password ?? "", "invite admin", now);
  const user = await transaction(tx, async (t) => {
    const [created] = await t
      .insert(staffUsers)
      .values({
        email: input.email,
        name: input.name,
        isAdmin: input.is_admin,
        passwordHash: null,
        // The invitation's language, until the new member signs in themselves.
        locale,
      })
      .onConflictDoNothing({ target: staffUsers.email })
      .returning();
    if (!created) throw new AppError(ErrorCode.EMAIL_EXISTS);
    await mailInvitation(created, locale, t);
    await recordAudit(t, {
      action: "staff_invited",
      actor: invitedBy,
      target: { type: "staff", id: created.id },
      details: { is_admin: created.isAdmin },
    });
    return created;
  });
  logInfo("auth", "staff member invited", { userId: user.id, invitedBy: invitedBy.id });
  return user;
}

/**
 * POST /api/staff/{id}/resend_invite: a new link for someone who has not chosen a password yet.
 * Earlier links stop working (a mail sent to a wrong or shared inbox is not left usable); when
 * the new mail cannot be sent, nothing changes and the earlier link still works.
 */
export async function resendInvitation(
  id: number,
  locale: Locale,
  now = new Date(),
  tx?: DbOrTx,
): Promise<void> {
  const user = await mustFind(id, tx);
  if (user.passwordHash !== null) {
    throw new AppError(ErrorCode.INVALID_INPUT, {
      kind: "conflict",
      message: "This account is already active",
    });
  }
  await transaction(tx, async (tx) => {
    await voidSetPasswordTokens(user.id, now, tx);
    await mailInvitation(user, locale, tx);
  });
  logInfo("auth", "staff invitation sent again", { userId: user.id });
}

/** The admin making a change: their account and the session they make it from. */
export type Actor = { user: StaffUser; sessionId: string };

/**
 * PUT /api/staff/{id}: grants or takes the admin role; the last admin keeps it (code 8).
 * Granting needs the caller's password (code 3 when wrong). Taking it away ends the account's
 * sessions (all but the caller's own, when admins step down themselves), so rights that were
 * taken are not kept by a browser that is still signed in somewhere.
 */
export async function setStaffAdmin(
  id: number,
  input: UpdateStaffInput,
  by: Actor,
  now = new Date(),
  tx?: DbOrTx,
): Promise<StaffUser> {
  const isAdmin = input.is_admin;
  await mustFind(id, tx);
  if (isAdmin) await confirmOwnPassword(by.user, input.password ?? "", "grant admin", now);
  let changed = false;
  const change = async (inner: Tx) => {
    const [before] = await inner
      .select({ isAdmin: staffUsers.isAdmin })
      .from(staffUsers)
      .where(eq(staffUsers.id, id))
      .for("update");
    const [updated] = await inner
      .update(staffUsers)
      .set({ isAdmin })
      .where(eq(staffUsers.id, id))
      .returning();
    // Judged by the locked row: a grant committed after `target` was read is a role taken now.
    if (updated && before?.isAdmin && !isAdmin) {
      await revokeUserSessions(id, by.sessionId, inner);
    }
    // Only a change of role is recorded: granting it to an admin changes nothing.
    if (updated && before && before.isAdmin !== isAdmin) {
      changed = true;
      await recordAudit(inner, {
        action: isAdmin ? "admin_granted" : "admin_revoked",
        actor: by.user,
        target: { type: "staff", id },
      });
    }
    return updated;
  };
  const updated = isAdmin
    ? await transaction(tx, change)
    : await withoutLosingLastAdmin(id, change, tx);
  if (!updated) throw new AppError(ErrorCode.USER_NOT_FOUND);
  logInfo("auth", isAdmin ? "admin role granted" : "admin role taken away", {
    userId: id,
    by: by.user.id,
  });
  if (changed) notifyAccountHolder(isAdmin ? "admin_granted" : "admin_revoked", updated, now);
  return updated;
}

/**
 * DELETE /api/staff/{id}: the caller's password (code 3 when wrong), then removes an account
 * and, through the foreign keys, all its sessions; never the last admin.
 */
export async function removeStaff(
  id: number,
  input: ConfirmPasswordInput,
  by: StaffUser,
  now = new Date(),
  tx?: DbOrTx,
): Promise<void> {
  await mustFind(id, tx);
  await confirmOwnPassword(by, input.password, "remove staff member", now);
  const removed = await withoutLosingLastAdmin(
    id,
    async (inner) => {
      const rows = await inner
        .delete(staffUsers)
        .where(eq(staffUsers.id, id))
        .returning({ id: staffUsers.id });
      if (rows.length > 0) {
        await recordAudit(inner, {
          action: "staff_removed",
          actor: by,
          target: { type: "staff", id },
        });
      }
      return rows;
    },
    tx,
  );
  if (removed.length === 0) throw new AppError(ErrorCode.USER_NOT_FOUND);
  logInfo("auth", "staff member removed", { userId: id, by: by.id });
}

/**
 * POST /api/staff/{id}/reset_2fa: turns someone's two-factor sign-in off (a lost phone), after
 * the caller's password (code 3 when wrong). Their pending sign-ins and every session end, so
 * whoever has the account signs in again with the password alone and can set up a new app; an
 * admin resetting their own keeps the session they do it from. Under `STAFF_TWO_FACTOR=required`
 * the account can then do nothing but set it up again.
 */
export async function resetStaffTwoFactor(
  id: number,
  input: ConfirmPasswordInput,
  by: Actor,
  now = new Date(),
  tx?: DbOrTx,
): Promise<StaffUser> {
  await mustFind(id, tx);
  await confirmOwnPassword(by.user, input.password, "reset two-factor", now);
  const updated = await turnOffTwoFactorOf(id, by.user, by.sessionId, tx, { onlyWhenOn: true });
  logInfo("auth", "two-factor reset by an admin", { userId: id, by: by.user.id });
  notifyAccountHolder("two_factor_reset", updated, now);
  return updated;
}

/**
 * `npm run staff:reset-2fa` on the server: the same reset for the account with this address,
 * without a signed-in admin (the way back in when the last admin has lost their phone). Every
 * session of the account ends; the audit row has no actor. Code 12 for an unknown address.
 */
export async function resetTwoFactorByEmail(email: string, tx?: DbOrTx): Promise<StaffUser> {
  const user = await findStaffByEmail(email, tx);
  if (!user) throw new AppError(ErrorCode.USER_NOT_FOUND);
  const updated = await turnOffTwoFactorOf(user.id, null, undefined, tx);
  logInfo("auth", "two-factor reset on the server", { userId: user.id });
  return updated;
}

/**
 * Two-factor off and its secret forgotten, the account's sign-ins waiting for a code and its
 * sessions ended (all but `keepSessionId`), with the `two_factor_reset` row: one transaction.
 * With `onlyWhenOn`, an account whose two-factor is already off is left as it is (409 code 11):
 * an admin acting on an out-of-date row must not end its sessions, wipe a set-up in progress or
 * mail it "reset" again.
 */
async function turnOffTwoFactorOf(
  id: number,
  actor: AuditActor,
  keepSessionId: string | undefined,
  tx?: DbOrTx,
  { onlyWhenOn = false }: { onlyWhenOn?: boolean } = {},
): Promise<StaffUser> {
  return transaction(tx, async (tx) => {
    const row = await turnTwoFactorOff(id, tx, { onlyWhenOn });
    if (!row) {
      const [existing] = await tx
        .select({ id: staffUsers.id })
        .from(staffUsers)
        .where(eq(staffUsers.id, id));
      throw new AppError(
        existing ? ErrorCode.TWO_FACTOR_ALREADY_DISABLED : ErrorCode.USER_NOT_FOUND,
      );
    }
    await credentialsChanged(id, "second factor", { keepSessionId }, tx);
    await recordAudit(tx, { action: "two_factor_reset", actor, target: { type: "staff", id } });
    return row;
  });
}
