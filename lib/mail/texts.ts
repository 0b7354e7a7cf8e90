import "server-only";
import { createTranslator } from "use-intl/core";
import type { Locale } from "@/lib/i18n/locales.shared";
import enMail from "@/i18n/messages/en/mail.json";
import nlMail from "@/i18n/messages/nl/mail.json";

/**
 * Mail texts live with the other translations (i18n/messages/<locale>/mail.json). Mails are written
 * outside any page render (in a route handler, after a response, from a scheduled job), so they
 * are read with a translator of their own rather than the request's.
 */
const mailMessages: Record<Locale, { mail: typeof nlMail }> = {
  nl: { mail: nlMail },
  en: { mail: enMail },
};

/** The translator of one area of the mail texts, e.g. `mailTexts("en", "mail.panel.verification")`. */
export function mailTexts<Namespace extends MailNamespace>(locale: Locale, namespace: Namespace) {
  return createTranslator({ locale, messages: mailMessages[locale], namespace });
}

type MailNamespace =
  | "mail.panel.footer"
  | "mail.panel.verification"
  | "mail.panel.alreadyMember"
  | "mail.staff.reset"
  | "mail.staff.invite"
  | "mail.staff.account";
