import type { BrowserContext } from "@playwright/test";

/** Picks the language the way the site stores it: the cookie the server reads. */
export async function setLocaleCookie(
  context: BrowserContext,
  baseURL: string,
  locale: "nl" | "en",
) {
  await context.addCookies([{ name: "NEXT_LOCALE", value: locale, url: baseURL }]);
}
