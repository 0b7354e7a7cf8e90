"use client";

import { ArrowLeft, ArrowRight, Send } from "lucide-react";
import { useTranslations } from "next-intl";
import { SubmitButton } from "@/components/ui/submit-button";

/**
 * The buttons under a step: previous (when there is an earlier step on the path), then next,
 * submit on the last step, or the preview's finish. All but previous submit the step's form,
 * which checks it first.
 */
export function StepNav({
  canGoBack,
  onPrevious,
  last,
  submitting,
}: {
  canGoBack: boolean;
  onPrevious: () => void;
  /** On the path's last step: what ends it. */
  last: "submit" | "preview" | null;
  submitting: boolean;
}) {
  const t = useTranslations("survey");
  return (
    <div className="flex flex-wrap justify-between gap-3">
      {canGoBack ? (
        <button type="button" className="btn-secondary" onClick={onPrevious} disabled={submitting}>
          <ArrowLeft aria-hidden className="size-4" />
          {t("previous")}
        </button>
      ) : (
        <span />
      )}
      {last === "preview" ? (
        <button type="submit" className="btn-primary">
          {t("preview.finish")}
          <ArrowRight aria-hidden className="size-4" />
        </button>
      ) : last === "submit" ? (
        <SubmitButton
          pending={submitting}
          pendingLabel={t("submitting")}
          icon={<Send aria-hidden className="size-4" />}
        >
          {t("submit")}
        </SubmitButton>
      ) : (
        <button type="submit" className="btn-primary">
          {t("next")}
          <ArrowRight aria-hidden className="size-4" />
        </button>
      )}
    </div>
  );
}
