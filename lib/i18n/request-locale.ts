import "server-only";
import { readCookie } from "@/lib/cookies";
import { isLocale, LOCALE_COOKIE, type Locale } from "./locales.shared";

/**
 * The language of the page a request came from (its NEXT_LOCALE cookie), Dutch without one:
 * what staff and members asked for is answered, named and mailed in that language.
 */
export function requestLocale(req: Request): Locale {
  const value = readCookie(req, LOCALE_COOKIE);
  return isLocale(value) ? value : "nl";
}
