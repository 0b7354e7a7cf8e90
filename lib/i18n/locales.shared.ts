export const locales = ["nl", "en"] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = "nl";
/** Cookie the config rewrite reads to serve the prerendered language; mirrored in localStorage. */
export const LOCALE_COOKIE = "NEXT_LOCALE";
/** A year, in seconds: the language choice outlives the visit. */
export const LOCALE_COOKIE_MAX_AGE = 31_536_000;
export const LOCALE_STORAGE_KEY = "locale";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}
