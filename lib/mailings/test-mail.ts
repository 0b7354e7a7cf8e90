import "server-only";
import { getConfig } from "@/config";
import { getDb } from "@/db/client";
import { recordAudit } from "@/lib/audit/record";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { AppError } from "@/lib/errors/app-error";
import type { Locale } from "@/lib/i18n/locales.shared";
import { logError } from "@/lib/log";
import { sendMail } from "@/lib/mail";
import { mailBodyHtml } from "./content";
import { findMessage } from "./find";
import type { BasedOn } from "./queue";
import { testMail } from "./render";
import { assertSendable } from "./sendable";

/** Test mails per staff member per hour. */
export const TEST_MAILS_PER_HOUR = 10;

/**
 * POST /api/panel_message/{id}/test: the message as it stands, to the signed-in staff member
 * only, with the fixed parts in their language. No delivery row is written: the message's counts
 * and status stay as they are. Refused like a send when there is nothing to send (code 22).
 * With `basedOn.version`, refused with 409 code 27 when the message changed since (another tab
 * or a colleague saved it): the test would show text the sender has not seen. Once the mail
 * service has taken it, audited as `message_test_sent` (nothing else is written, so the row has
 * a transaction of its own).
 */
export async function sendTestMail(
  messageId: number,
  staff: { id: number; email: string },
  locale: Locale,
  basedOn: BasedOn = {},
): Promise<void> {
  const message = await findMessage(messageId);
  if (basedOn.version !== undefined && basedOn.version !== message.version) {
    throw new AppError(ErrorCode.CHANGED_ELSEWHERE);
  }
  assertSendable(message, { test: true });
  const mail = testMail(staff.email, locale, {
    subject: message.subject,
    bodyHtml: mailBodyHtml(message.body, getConfig().appUrl),
  });
  try {
    await sendMail(mail);
  } catch (error) {
    logError("panel-message", error, { messageId });
    throw new AppError(ErrorCode.UNKNOWN, {
      kind: "unavailable",
      message: "Could not send the email, try again later",
    });
  }
  await recordAudit(await getDb(), {
    action: "message_test_sent",
    actor: staff,
    target: { type: "panel_message", id: messageId },
  });
}
