"use client";

import { useEffect } from "react";
import { LOCALE_COOKIE, LOCALE_STORAGE_KEY, isLocale, type Locale } from "@/lib/i18n/locales.shared";
import { persistLocale } from "@/lib/i18n/persist-locale.shared";

/**
 * The language choice is kept in localStorage (spec) and mirrored in a cookie that the server
 * reads. The cookie, when there is one, is the latest choice (the switcher's links set it on the
 * server, without scripts), so localStorage follows it; without one (e.g. cookies cleared), the
 * choice in localStorage is restored once.
 */
export function LocaleSync({ locale }: { locale: Locale }) {
  useEffect(() => {
    let stored: string | null = null;
    try {
      stored = window.localStorage.getItem(LOCALE_STORAGE_KEY);
    } catch {
      return;
    }
    if (stored === locale) return;
    const hasCookie = document.cookie.split("; ").some((c) => c.startsWith(`${LOCALE_COOKIE}=`));
    if (!isLocale(stored) || hasCookie) {
      persistLocale(locale);
      return;
    }
    persistLocale(stored);
    window.location.reload();
  }, [locale]);
  return null;
}
