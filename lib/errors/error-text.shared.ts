/** A screen's own wording for some codes, e.g. `{ [ErrorCode.NOT_FOUND]: t("notFound") }`. */
export type ErrorTexts = Partial<Record<number, string>>;

/** next-intl's translator of the `errors` namespace, from `useTranslations` or `getTranslations`. */
export type ErrorsTranslator = ((key: string) => string) & { has: (key: string) => boolean };

/**
 * The text the reader sees for an error: the screen's own text for the code if it has one, else
 * `errors.codes.<code>` of i18n/messages/<locale>/errors.json, else `fallback` (the generic "an
 * unknown error occurred" unless given), which is also what a request that got no answer shows.
 * The same words in the browser (useErrorMessage) and on a page rendered on the server.
 */
export function errorText(
  t: ErrorsTranslator,
  error: { code: number; network?: boolean },
  texts?: ErrorTexts,
  fallback?: string,
): string {
  const unexplained = fallback ?? t("unknown");
  if (error.network) return unexplained;
  const own = texts?.[error.code];
  if (own) return own;
  const key = `codes.${error.code}`;
  return t.has(key) ? t(key) : unexplained;
}
