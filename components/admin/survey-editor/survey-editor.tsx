"use client";

import { RotateCcw } from "lucide-react";
import { useTranslations } from "next-intl";
import { useApiQuery } from "@/components/data/use-api-query";
import { LoadFailed } from "@/components/ui/load-failed";
import { Spinner } from "@/components/ui/spinner";
import type { EditorSurvey } from "@/lib/surveys/editor-schemas.shared";
import { EditorFrame } from "./editor-frame";
import { LoadedEditor } from "./loaded-editor";

/**
 * /admin/studies/{id}/survey. Loads the survey, then edits a working copy that is saved after
 * every change (debounced autosave through the shared hook: network failures, 5xx and 429 are
 * retried, a refusal shows at its field and the edits stay). Every save carries the version it
 * is based on; when someone else saved in between (409 code 27) the edits stay on screen and
 * the reader chooses between loading the newer survey and saving theirs over it.
 */
export function SurveyEditor({ studyId }: { studyId: number }) {
  const t = useTranslations("surveyEditor");
  const query = useApiQuery<EditorSurvey>(`/api/study/${studyId}/survey`);
  const study = useApiQuery<{ name: string }>(`/api/study/${studyId}`);

  if (!query.data) {
    return (
      <EditorFrame title={t("title")}>
        {query.error ? (
          <LoadFailed
            title={t("loadFailed")}
            retryLabel={t("retry")}
            retryIcon={<RotateCcw aria-hidden className="size-4" />}
            onRetry={query.refresh}
          />
        ) : (
          <Spinner label={t("loading")} />
        )}
      </EditorFrame>
    );
  }
  return <LoadedEditor initial={query.data} studyName={study.data?.name ?? null} />;
}
