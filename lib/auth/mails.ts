import "server-only";
import type { Locale } from "@/lib/i18n/locales.shared";
import { siteUrlWithFragment } from "@/lib/links/site-url";
import type { MailMessage } from "@/lib/mail";
import { renderMail } from "@/lib/mail/layout";
import { mailTexts } from "@/lib/mail/texts";

export type TokenPurpose = "reset" | "invite";

/**
 * The set-password page link; an invitation reuses the reset page with its own heading. The
 * address and token travel in the fragment, so no proxy or server log sees them.
 */
export function setPasswordUrl(email: string, token: string, purpose: TokenPurpose): string {
  return siteUrlWithFragment("/reset-password", {
    email,
    reset_token: token,
    ...(purpose === "invite" ? { invite: 1 } : {}),
  });
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
