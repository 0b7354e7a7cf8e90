import "server-only";
import { mailLocale, panelMail, type PanelRecipient } from "../panel-mail";
import { mailTexts } from "../texts";
import type { MailMessage } from "../types";

/**
 * The double opt-in mail: sent at sign-up, at a repeated sign-up and when staff resend it. Its
 * subject stays neutral: a mailbox may be read over someone's shoulder.
 */
export function verificationMail(recipient: PanelRecipient, verifyUrl: string): MailMessage {
  const t = mailTexts(mailLocale(recipient.locale), "mail.panel.verification");
  return panelMail(recipient, {
    subject: t("subject"),
    heading: t("heading"),
    paragraphs: [t("intro"), t("expiry")],
    action: { label: t("action"), url: verifyUrl },
  });
}
