import "server-only";
import { getConfig } from "@/config";
import type { Locale } from "@/lib/i18n/locales";
import type { MailMessage } from "@/lib/mail";
import { renderMail } from "@/lib/mail/layout";
import { mailTexts } from "@/lib/mail/texts";

export type TokenPurpose = "reset" | "invite";

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
  const t = mailTexts(locale, purpose === "invite" ? "mail.staff.invite" : "mail.staff.reset");
  const { html, text } = renderMail({
    lang: locale,
    heading: t("heading"),
    paragraphs: [t("intro"), t("expiry")],
    action: { label: t("action"), url: setPasswordUrl(email, token, purpose) },
    footer: { text: t("ignore") },
  });
  return { to: email, subject: t("subject"), html, text };
}
