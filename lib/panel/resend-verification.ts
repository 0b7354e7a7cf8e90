import "server-only";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { panelUsers } from "@/db/schema";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { AppError } from "@/lib/errors/app-error";
import { sendVerificationMail } from "./mails";
import { newVerificationToken, VERIFICATION_TTL_MS } from "./tokens";

/**
 * Staff resend a member's verification mail: a fresh 48-hour token, the previous link stops
 * working. Refused for a confirmed member (409 code 22): there is nothing to confirm, and the
 * admin screen disables the button for them anyway. Refused too (409 code 22) while the address
 * is marked bounced: the provider would suppress the mail without a word while staff were told
 * it went; "allow mail again" (bounce.ts) lifts the suppression first. Either refusal names
 * its reason at `fields.id` ("verified", "bounced"), for the screen to word. Unknown member: 404
 * code 14.
 */
export async function resendVerification(memberId: number, now = new Date()): Promise<void> {
  const db = await getDb();
  const [previous] = await db
    .select({ hash: panelUsers.verificationHash, expiresAt: panelUsers.verificationExpiresAt })
    .from(panelUsers)
    .where(eq(panelUsers.id, memberId))
    .limit(1);
  const { token, hash } = newVerificationToken();
  const [member] = await db
    .update(panelUsers)
    .set({
      verificationHash: hash,
      verificationExpiresAt: new Date(now.getTime() + VERIFICATION_TTL_MS),
    })
    .where(
      and(
        eq(panelUsers.id, memberId),
        eq(panelUsers.isVerified, false),
        eq(panelUsers.deliveryStatus, "ok"),
      ),
    )
    .returning();
  if (!member) {
    const [existing] = await db
      .select({ isVerified: panelUsers.isVerified })
      .from(panelUsers)
      .where(eq(panelUsers.id, memberId))
      .limit(1);
    if (!existing) throw new AppError(ErrorCode.NOT_FOUND);
    if (!existing.isVerified) {
      throw new AppError(ErrorCode.INVALID_INPUT, {
        kind: "conflict",
        message: "Mail to this address bounced; allow mail to it again first, then resend",
        fields: { id: "bounced" },
      });
    }
    throw new AppError(ErrorCode.INVALID_INPUT, {
      kind: "conflict",
      message: "This panel member has already verified their email address",
      fields: { id: "verified" },
    });
  }
  try {
    await sendVerificationMail(member, token, hash);
  } catch (error) {
    // The mail did not go: the link the member already has works again, and a sign-up mail
    // still waiting for its retry is owed again (it is sent only while its link is current).
    // Unless another resend has replaced this link since.
    if (previous) {
      await db
        .update(panelUsers)
        .set({ verificationHash: previous.hash, verificationExpiresAt: previous.expiresAt })
        .where(and(eq(panelUsers.id, memberId), eq(panelUsers.verificationHash, hash)));
    }
    throw error;
  }
}
