"use client";

import { useTranslations } from "next-intl";

/** Beside a question: "(required)" or "(optional)", so nobody has to find out by trying. */
export function RequiredMarker({ required }: { required: boolean }) {
  const t = useTranslations("survey");
  return required ? (
    <span className="ml-2 text-sm font-normal text-accent-700">({t("required")})</span>
  ) : (
    <span className="ml-2 text-sm font-normal text-muted">({t("optional")})</span>
  );
}
