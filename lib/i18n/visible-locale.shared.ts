import { isLocale, type Locale } from "./locales.shared";

/**
 * A page address that names its language (`/en/research`, `/nl`): the language and the address
 * without it. Pages are served without a locale in the URL, so such an address is only ever a
 * way to choose the language (the switcher's links work without scripts) and is redirected to
 * the bare one. The bare path starts with exactly one slash, so it cannot name another host.
 */
export function visibleLocale(pathname: string): { locale: Locale; path: string } | null {
  const match = /^\/([^/]+)(\/.*)?$/s.exec(pathname);
  // Any case, as paths are matched everywhere else (`/EN/research` too).
  const locale = match?.[1].toLowerCase();
  if (!match || !isLocale(locale)) return null;
  return { locale, path: `/${(match[2] ?? "").replace(/^\/+/, "")}` };
}

/** The address that shows `path` (a page address without a locale) in `locale`. */
export function localePath(locale: Locale, path: string): string {
  const bare = visibleLocale(path)?.path ?? path;
  return bare === "/" ? `/${locale}` : `/${locale}${bare}`;
}
