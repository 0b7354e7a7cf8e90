"use client";

import { useTranslations } from "next-intl";
import { locales, type Locale } from "@/lib/i18n/locales.shared";
import { persistLocale } from "@/lib/i18n/persist-locale.shared";

export function LanguageSwitcher({ current }: { current: string }) {
  const t = useTranslations("common.language");
  const choose = (locale: Locale) => {
    if (locale === current) return;
    persistLocale(locale);
    // A full reload: both languages are prerendered and the server picks one by cookie.
    window.location.reload();
  };
  return (
    <div role="group" aria-label={t("label")} className="flex rounded-md border border-gray-300">
      {locales.map((locale) => (
        <button
          key={locale}
          type="button"
          lang={locale}
          aria-pressed={locale === current}
          onClick={() => choose(locale)}
          className={`px-2.5 py-1.5 text-xs font-semibold uppercase first:rounded-l-md last:rounded-r-md ${
            locale === current ? "bg-primary-700 text-white" : "bg-white text-ink hover:bg-primary-50"
          }`}
        >
          {locale}
          <span className="sr-only"> – {t(locale)}</span>
        </button>
      ))}
    </div>
  );
}
