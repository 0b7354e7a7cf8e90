import "server-only";
import { mailLocale, panelMail, type PanelRecipient } from "../panel-mail";
import { mailTexts } from "../texts";
import type { MailMessage } from "../types";

/**
 * Sent instead of a verification mail when a confirmed address signs up again, so the sign-up
 * answer can be the same for everyone while the owner of the address still hears about it.
 */
export function alreadyMemberMail(recipient: PanelRecipient): MailMessage {
  const t = mailTexts(mailLocale(recipient.locale), "mail.panel.alreadyMember");
  return panelMail(recipient, {
    subject: t("subject"),
    heading: t("heading"),
    paragraphs: [t("intro"), t("notYou")],
  });
}
