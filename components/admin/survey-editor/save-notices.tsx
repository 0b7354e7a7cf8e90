"use client";

import { useTranslations } from "next-intl";
import { Alert } from "@/components/ui/alert";
import type { SurveySave } from "./use-survey-save";

/**
 * What the reader must know about saving: the survey already has responses; someone else
 * changed the same blocks in between (with the way back to the choice); or the server refused
 * some fields.
 */
export function SaveNotices({ save }: { save: SurveySave }) {
  const t = useTranslations("surveyEditor");
  // Refused conditions have their own notice (`RefusedConditionsNotice`).
  const hasServerFieldErrors = Object.keys(save.serverFields).some(
    (field) => !field.endsWith(".visible_if"),
  );
  return (
    <>
      {save.responseCount > 0 ? (
        <Alert tone="info" title={t("responses", { count: save.responseCount })}>
          <p>{t("responsesDetail")}</p>
        </Alert>
      ) : null}
      {save.pending ? (
        <Alert tone="error" title={t("conflictNotice")}>
          <button
            type="button"
            className="btn-secondary mt-2"
            onClick={() => save.setConflictOpen(true)}
          >
            {t("conflictChoose")}
          </button>
        </Alert>
      ) : hasServerFieldErrors && save.autosave.state === "error" ? (
        <Alert tone="error">{t("fixFields")}</Alert>
      ) : null}
    </>
  );
}
