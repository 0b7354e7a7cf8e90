"use client";

import { useTranslations } from "next-intl";
import type { ApiError } from "@/lib/api-client";

type DynamicT = ((key: string) => string) & { has: (key: string) => boolean };

/** Translates an API error code; a code without a translation gets the generic text. */
export function useErrorMessage(): (error: ApiError) => string {
  const t = useTranslations("errors") as unknown as DynamicT;
  return (error) => {
    const key = `codes.${error.code}`;
    return t.has(key) ? t(key) : t("unknown");
  };
}
