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

function translatorOf<Namespace extends MailNamespace>(locale: Locale, namespace: Namespace) {
  return createTranslator({ locale, messages: mailMessages[locale], namespace });
}

type MailTranslator<Namespace extends MailNamespace> = ReturnType<typeof translatorOf<Namespace>>;

// One translator per language and area, kept: a translator keeps the messages it has formatted,
// and a new one for every mail formatted each text again (on the texts as JSON, 174 µs for a
// sign-up mail's seven texts against 17). At most two languages times the areas below.
const translators = new Map<string, unknown>();

/** The translator of one area of the mail texts, e.g. `mailTexts("en", "mail.panel.verification")`. */
export function mailTexts<Namespace extends MailNamespace>(
  locale: Locale,
  namespace: Namespace,
): MailTranslator<Namespace> {
  const key = `${locale}\u0000${namespace}`;
  let translator = translators.get(key) as MailTranslator<Namespace> | undefined;
  if (!translator) {
    translator = translatorOf(locale, namespace);
    translators.set(key, translator);
  }
  return translator;
}

type MailNamespace =
  | "mail.panel.footer"
  | "mail.panel.verification"
  | "mail.panel.alreadyMember"
  | "mail.staff.reset"
  | "mail.staff.invite"
  | "mail.staff.account";
