import "server-only";
import type { Locale } from "@/lib/i18n/locales.shared";
import { renderMail } from "@/lib/mail/layout";
import { panelMail, panelMailFooter, type PanelRecipient } from "@/lib/mail/panel-mail";
import type { MailMessage } from "@/lib/mail/types";
import enTexts from "@/i18n/messages/en/panelMessages.json";
import nlTexts from "@/i18n/messages/nl/panelMessages.json";

/**
 * One member's copy of a panel message: the body (already sanitised, images absolute) in the
 * site's mail layout, the fixed parts in the member's language, their own stop link in the
 * footer and the one-click unsubscribe headers. Nothing is tracked and no link is rewritten.
 */
export function memberMail(
  recipient: PanelRecipient,
  content: { subject: string; bodyHtml: string },
  from: string,
): MailMessage {
  const mail = panelMail(recipient, {
    subject: content.subject,
    heading: content.subject,
    paragraphs: [],
    bodyHtml: content.bodyHtml,
  });
  return { ...mail, from };
}

/**
 * The draft as a member would get it, for a staff member to look at: '[test]' before the
 * subject, and since staff have no stop link, a visible placeholder where the member's own one
 * goes (and no unsubscribe headers, which would point nowhere).
 */
export function testMail(
  to: string,
  locale: Locale,
  content: { subject: string; bodyHtml: string },
): MailMessage {
  const texts = (locale === "en" ? enTexts : nlTexts).testMail;
  const footer = panelMailFooter(locale);
  const { html, text } = renderMail({
    lang: locale,
    heading: content.subject,
    paragraphs: [],
    bodyHtml: content.bodyHtml,
    footer: { text: `${footer.text} ${footer.link}: ${texts.stopLinkPlaceholder}` },
  });
  return { to, subject: `${texts.subjectPrefix} ${content.subject}`, html, text };
}
