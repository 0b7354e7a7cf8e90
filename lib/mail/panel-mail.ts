import "server-only";
import { isLocale, type Locale } from "@/lib/i18n/locales.shared";
import { stopLinks } from "@/lib/links/panel";
import { renderMail, type MailContent } from "./layout";
import { mailTexts } from "./texts";
import type { MailMessage } from "./types";

/** What a panel mail needs to know about its recipient. */
export type PanelRecipient = { id: number; email: string; locale: string; stopNonce: string };

export type PanelMailContent = Omit<MailContent, "lang" | "footer"> & { subject: string };

/** The footer's words in a language, for a mail that has no member and so no stop link. */
export function panelMailFooter(locale: Locale): { text: string; link: string } {
  const t = mailTexts(locale, "mail.panel.footer");
  return { text: t("text"), link: t("link") };
}

/** The member's stored language, or Dutch for anything unexpected. */
export function mailLocale(locale: string): Locale {
  return isLocale(locale) ? locale : "nl";
}

/**
 * RFC 2369 / RFC 8058 headers: mail clients show an unsubscribe button that POSTs
 * `List-Unsubscribe=One-Click` to the https target, with no page or confirmation in between.
 */
export function unsubscribeHeaders(oneClickUrl: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${oneClickUrl}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

/**
 * Every mail to a panel member goes through here: the member's language, the stop link in the
 * footer and the one-click unsubscribe headers. Nothing is tracked: no pixels, no rewritten links.
 */
export function panelMail(recipient: PanelRecipient, content: PanelMailContent): MailMessage {
  const lang = mailLocale(recipient.locale);
  const links = stopLinks(recipient);
  const t = mailTexts(lang, "mail.panel.footer");
  const { subject, ...body } = content;
  const { html, text } = renderMail({
    ...body,
    lang,
    footer: { text: t("text"), link: { label: t("link"), url: links.page } },
  });
  return { to: recipient.email, subject, html, text, headers: unsubscribeHeaders(links.oneClick) };
}
