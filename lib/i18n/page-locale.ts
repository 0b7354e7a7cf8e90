import "server-only";
import { notFound } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import { isLocale, type Locale } from "./locales.shared";

/**
 * The language of a page or layout from its internal `[locale]` segment, checked, and handed to
 * next-intl for this render. Every layout and page calls it: they render in parallel, and
 * without it next-intl would read the request's headers and make a static page dynamic. A
 * segment that is not one of the site's languages is a page that does not exist.
 */
export async function pageLocale(params: Promise<{ locale: string }>): Promise<Locale> {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  return locale;
}
