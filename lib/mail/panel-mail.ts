import { isLocale, type Locale } from "@/lib/i18n/locales";
import { stopLinks } from "@/lib/panel/links";
import { renderMail, type MailContent } from "./layout";
import type { MailMessage } from "./types";

/** What a panel mail needs to know about its recipient. */
export type PanelRecipient = { id: number; email: string; locale: string; stopNonce: string };

export type PanelMailContent = Omit<MailContent, "lang" | "footer"> & { subject: string };

const footerTexts: Record<Locale, { text: string; link: string }> = {
  nl: {
    text: "Je ontvangt deze e-mail omdat dit adres is aangemeld voor het onderzoekspanel. Wil je niet meer meedoen?",
    link: "Deelname stoppen",
  },
  en: {
    text: "You receive this email because this address was signed up for the research panel. No longer want to take part?",
    link: "Stop participating",
  },
};

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
  const footer = footerTexts[lang];
  const { subject, ...body } = content;
  const { html, text } = renderMail({
    ...body,
    lang,
    footer: { text: footer.text, link: { label: footer.link, url: links.page } },
  });
  return { to: recipient.email, subject, html, text, headers: unsubscribeHeaders(links.oneClick) };
}
