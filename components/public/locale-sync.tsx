"use client";

import { useEffect } from "react";
import { LOCALE_STORAGE_KEY, isLocale, type Locale } from "@/lib/i18n/locales.shared";
import { persistLocale } from "@/lib/i18n/persist-locale.shared";

/**
 * The language choice is kept in localStorage (spec) and mirrored in a cookie that the server
 * reads. When the two disagree (e.g. the cookie was cleared), localStorage wins once.
 */
export function LocaleSync({ locale }: { locale: Locale }) {
  useEffect(() => {
    let stored: string | null = null;
    try {
      stored = window.localStorage.getItem(LOCALE_STORAGE_KEY);
    } catch {
      return;
    }
    if (!isLocale(stored)) {
      persistLocale(locale);
      return;
    }
    if (stored !== locale && !document.cookie.includes("NEXT_LOCALE=")) {
      persistLocale(stored);
      window.location.reload();
    }
  }, [locale]);
  return null;
}
