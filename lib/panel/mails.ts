import "server-only";
import type { PanelUser } from "@/db/schema";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { AppError } from "@/lib/errors/app-error";
import { verificationLink } from "@/lib/links/panel";
import { logError } from "@/lib/log";
import { sendMail, type MailMessage } from "@/lib/mail";
import { verificationMail } from "@/lib/mail/templates/verification";

async function deliver(message: MailMessage, idempotencyKey: string, memberId: number) {
  try {
    await sendMail(message, { idempotencyKey });
  } catch (error) {
    // The member row is already written; trying again gives them a fresh link.
    logError("panel-mail", error, { memberId });
    throw new AppError(ErrorCode.UNKNOWN, {
      kind: "unavailable",
      message: "Could not send the email, try again later",
    });
  }
}

/** The double opt-in mail with a link holding `token` (only its hash is stored). */
export async function sendVerificationMail(member: PanelUser, token: string, tokenHash: string) {
  await deliver(
    verificationMail(member, verificationLink(member.id, token)),
    `panel-verify-${member.id}-${tokenHash.slice(0, 24)}`,
    member.id,
  );
}
