"use client";

import { RotateCcw } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { Alert } from "@/components/ui/alert";

/**
 * Above the first step shown after answers came back: after a reload (`restored`, or
 * `restoredChanged` when the survey was edited since, with "start again"), or after staff changed
 * the survey while it was answered (`changedWhileAnswering`). In the last case the submit button
 * that had the focus went with the old form, so the reader goes on here.
 */
export function ResumeNotice({
  kind,
  onStartAgain,
}: {
  kind: "restored" | "restoredChanged" | "changedWhileAnswering";
  onStartAgain: () => void;
}) {
  const t = useTranslations("survey");
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (kind === "changedWhileAnswering") box.current?.focus();
    // Only where it first appears: the kind never changes while it is shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div ref={box} tabIndex={-1} className="mb-6">
      {kind === "changedWhileAnswering" ? (
        <Alert tone="info" title={t("changedWhileAnswering.title")}>
          <p>{t("changedWhileAnswering.detail")}</p>
        </Alert>
      ) : (
        <Alert tone="info" title={t("restored.title")}>
          <p>{t(kind === "restoredChanged" ? "restored.changedDetail" : "restored.detail")}</p>
          <button type="button" className="btn-secondary mt-3" onClick={onStartAgain}>
            <RotateCcw aria-hidden className="size-4" />
            {t("restored.startAgain")}
          </button>
        </Alert>
      )}
    </div>
  );
}
