"use client";

import { useTranslations } from "next-intl";
import type { ApiError } from "@/lib/api-client.shared";
import { errorText, type ErrorsTranslator, type ErrorTexts } from "@/lib/errors/error-text.shared";

export type { ErrorTexts };

/** Turns an API error into the text the reader sees (lib/errors/error-text.shared.ts). */
export function useErrorMessage(
  texts?: ErrorTexts,
  fallback?: string,
): (error: ApiError) => string {
  const t = useTranslations("errors") as unknown as ErrorsTranslator;
  return (error) => errorText(t, error, texts, fallback);
}
