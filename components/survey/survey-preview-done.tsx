"use client";

import { Eye, RotateCcw } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { ActionButton } from "@/components/ui/action-button";
import { Alert } from "@/components/ui/alert";

/**
 * The end of a staff preview, where a participant would get their token: every step passed the
 * same checks, and nothing was sent or stored.
 */
export function SurveyPreviewDone({ onRestart }: { onRestart: () => void }) {
  const t = useTranslations("survey.preview");
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => heading.current?.focus(), []);

  return (
    <section aria-labelledby="survey-preview-done-title" className="space-y-5">
      <h2
        id="survey-preview-done-title"
        ref={heading}
        tabIndex={-1}
        className="text-2xl font-semibold text-primary-800"
      >
        {t("doneTitle")}
      </h2>
      <Alert tone="success">{t("doneDetail")}</Alert>
      <p>
        <ActionButton variant="secondary" icon={RotateCcw} onClick={onRestart}>
          {t("again")}
        </ActionButton>
      </p>
    </section>
  );
}

/** Above a staff preview: what it is, and that nothing is sent. */
export function PreviewBanner() {
  const t = useTranslations("survey");
  return (
    <Alert tone="info" title={t("preview.banner")} className="mb-6">
      <p className="flex items-center gap-2">
        <Eye aria-hidden className="size-4 shrink-0" />
        {t("preview.bannerDetail")}
      </p>
    </Alert>
  );
}
