import { getRequestConfig } from "next-intl/server";
import { defaultLocale, isLocale, type Locale } from "@/lib/i18n/locales.shared";
import type { Messages } from "@/i18n/messages";

/** Only the requested language's messages are loaded. */
async function loadMessages(locale: Locale): Promise<Messages> {
  return locale === "en"
    ? (await import("@/i18n/messages/en")).default
    : (await import("@/i18n/messages/nl")).default;
}

export default getRequestConfig(async ({ requestLocale, locale: explicit }) => {
  const requested = explicit ?? (await requestLocale);
  const locale = isLocale(requested) ? requested : defaultLocale;
  return { locale, messages: await loadMessages(locale) };
});
