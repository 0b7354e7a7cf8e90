"use client";

import { useTranslations } from "next-intl";
import { TitledSection } from "@/components/ui/titled-section";

/**
 * The chain's latest hash, to be noted somewhere outside the system: `npm run audit:verify --
 * --expect <hash>` later shows whether the log was rewritten since.
 */
export function ChainHead({ head }: { head: string }) {
  const t = useTranslations("audit.head");
  return (
    <TitledSection
      titleId="audit-head-title"
      title={t("title")}
      className="space-y-2 rounded-lg border border-gray-200 bg-white p-4"
    >
      <p className="text-sm">{t("explanation")}</p>
      <p className="text-sm">
        <span className="font-medium">{t("label")}:</span>{" "}
        <code className="font-mono break-all">{head}</code>
      </p>
      <p className="text-sm text-muted">
        {t("command")}{" "}
        <code className="font-mono break-all">npm run audit:verify -- --expect {head}</code>
      </p>
    </TitledSection>
  );
}
