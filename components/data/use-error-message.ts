"use client";

import { useTranslations } from "next-intl";
import type { ApiError } from "@/lib/api-client.shared";

/** A screen's own wording for some codes, e.g. `{ [ErrorCode.NOT_FOUND]: t("notFound") }`. */
export type ErrorTexts = Partial<Record<number, string>>;

type DynamicT = ((key: string) => string) & { has: (key: string) => boolean };

/**
 * Turns an API error into the text the reader sees: the screen's own text for the code if it
 * has one, else `errors.codes.<code>` of i18n/messages/<locale>/errors.json, else `fallback`
 * (the generic "an unknown error occurred" unless given), which is also what a request that got
 * no answer shows.
 */
export function useErrorMessage(
  texts?: ErrorTexts,
  fallback?: string,
): (error: ApiError) => string {
  const t = useTranslations("errors") as unknown as DynamicT;
  return (error) => {
    const unexplained = fallback ?? t("unknown");
    if (error.network) return unexplained;
    const own = texts?.[error.code];
    if (own) return own;
    const key = `codes.${error.code}`;
    return t.has(key) ? t(key) : unexplained;
  };
}
