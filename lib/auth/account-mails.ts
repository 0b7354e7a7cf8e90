import "server-only";
import type { StaffUser } from "@/db/schema";
import { afterResponse } from "@/lib/deferred/after-response";
import { isLocale, type Locale } from "@/lib/i18n/locales.shared";
import { logInfo } from "@/lib/log";
import { sendMail, type MailMessage } from "@/lib/mail";
import { renderMail } from "@/lib/mail/layout";
import { mailTexts } from "@/lib/mail/texts";
import { CENTRE_TIME_ZONE } from "@/lib/time/centre-time.shared";

/** What happened to an account, that its holder is told about by mail. */
export type AccountEvent =
  | "password_changed"
  | "password_reset"
  | "two_factor_enabled"
  | "two_factor_disabled"
  | "two_factor_reset"
  | "admin_granted"
  | "admin_revoked"
  | "second_factor_locked";

export type AccountHolder = Pick<StaffUser, "id" | "email" | "locale">;

/** The moment in words, in the centre's time zone with the zone named: "26 november 2026 om 07:05 CET". */
function when(at: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === "nl" ? "nl-NL" : "en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: CENTRE_TIME_ZONE,
    timeZoneName: "short",
  }).format(at);
}

/**
 * The mail telling the account holder what happened to their account and when, and what to do
 * if it was not them, in the account's language. It carries no secret (no link with a token,
 * no code) and no link at all: a message like this is what a phishing mail imitates, so it
 * points people to the site they know instead.
 */
export function accountEventMail(
  event: AccountEvent,
  holder: AccountHolder,
  at: Date,
): MailMessage {
  const locale: Locale = isLocale(holder.locale) ? holder.locale : "nl";
  const t = mailTexts(locale, "mail.staff.account");
  const time = when(at, locale);
  const { html, text } = renderMail({
    lang: locale,
    heading: t(`${event}.heading`),
    paragraphs: [t(`${event}.what`, { time }), t(`${event}.notYou`)],
    footer: { text: t("footer") },
  });
  return { to: holder.email, subject: t(`${event}.subject`), html, text };
}

/**
 * Mails the account holder about `event` after the response, once the action's transaction has
 * committed (callers call this after it returns): a failing mail is logged and never undoes or
 * fails the action.
 */
export function notifyAccountHolder(
  event: AccountEvent,
  holder: AccountHolder,
  at = new Date(),
): void {
  // Logged as mail, apart from the account's own lines: it comes after the action, at its time.
  afterResponse(
    "mail",
    async () => {
      await sendMail(accountEventMail(event, holder, at));
      logInfo("mail", "account holder told by mail", { userId: holder.id, event });
    },
    { action: "account holder mail", userId: holder.id, event },
  );
}
