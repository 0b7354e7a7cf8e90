import "server-only";
import type { PanelUser } from "@/db/schema";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { AppError } from "@/lib/errors/app-error";
import { verificationLink } from "@/lib/links/panel";
import { logError } from "@/lib/log";
import { sendMail, type MailMessage } from "@/lib/mail";
import type { PanelRecipient } from "@/lib/mail/panel-mail";
import { alreadyMemberMail } from "@/lib/mail/templates/already-member";
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

type KeyedMessage = { message: MailMessage; idempotencyKey: string };

/**
 * The double opt-in mail with a link holding `token` (only its hash is stored), under a key of
 * its own: sent again for the same token, the provider sends it once.
 */
export function verificationMessage(
  member: PanelRecipient,
  token: string,
  tokenHash: string,
): KeyedMessage {
  return {
    message: verificationMail(member, verificationLink(member.id, token)),
    idempotencyKey: `panel-verify-${member.id}-${tokenHash.slice(0, 24)}`,
  };
}

/** The "already in the panel" mail, keyed by the unused token hash of the sign-up it answers. */
export function alreadyMemberMessage(member: PanelRecipient, requestHash: string): KeyedMessage {
  return {
    message: alreadyMemberMail(member),
    idempotencyKey: `panel-member-${member.id}-${requestHash.slice(0, 24)}`,
  };
}

/** Staff resend: the verification mail sent now, a failure answered as 503 code 13. */
export async function sendVerificationMail(member: PanelUser, token: string, tokenHash: string) {
  const { message, idempotencyKey } = verificationMessage(member, token, tokenHash);
  await deliver(message, idempotencyKey, member.id);
}
