import { getConfig } from "@/lib/config";
import { isLocale, LOCALE_COOKIE, type Locale } from "@/lib/i18n/locales";
import { readCookie } from "@/lib/http/cookies";
import { renderMail } from "@/lib/mail/layout";
import type { MailMessage } from "@/lib/mail";
import enAuth from "@/messages/en/auth.json";
import nlAuth from "@/messages/nl/auth.json";

export type TokenPurpose = "reset" | "invite";

/** Staff have no stored language: a mail follows the language of the page it was asked from. */
export function requestLocale(req: Request): Locale {
  const value = readCookie(req, LOCALE_COOKIE);
  return isLocale(value) ? value : "nl";
}

/** The set-password page link; an invitation reuses the reset page with its own heading. */
export function setPasswordUrl(email: string, token: string, purpose: TokenPurpose): string {
  const url = new URL("/reset-password", getConfig().appUrl);
  url.searchParams.set("email", email);
  url.searchParams.set("reset_token", token);
  if (purpose === "invite") url.searchParams.set("invite", "1");
  return url.toString();
}

/** The reset or invitation mail, in the requester's language. */
export function setPasswordMail(
  purpose: TokenPurpose,
  locale: Locale,
  email: string,
  token: string,
): MailMessage {
  const texts = (locale === "en" ? enAuth : nlAuth).mail[purpose];
  const { html, text } = renderMail({
    lang: locale,
    heading: texts.heading,
    paragraphs: [texts.intro, texts.expiry],
    action: { label: texts.action, url: setPasswordUrl(email, token, purpose) },
    footer: { text: texts.ignore },
  });
  return { to: email, subject: texts.subject, html, text };
}
