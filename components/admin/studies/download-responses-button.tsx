"use client";

import { useTranslations } from "next-intl";
import { DownloadButton } from "@/components/data/download-button";

/**
 * Downloads the study's responses as a spreadsheet, under the name from Content-Disposition or
 * `responses.xlsx`, streamed by the browser straight to disk (a large study never sits in the
 * page's memory). The export's `check=1` is asked first, so a refusal, including a study that
 * is gone, shows 'Failed to download study responses'.
 */
export function DownloadResponsesButton({ studyId }: { studyId: number }) {
  const t = useTranslations("admin.studies");
  return (
    <DownloadButton
      path={`/api/study/${studyId}/responses/export`}
      checkPath={`/api/study/${studyId}/responses/export?check=1`}
      fallbackName="responses.xlsx"
      label={t("downloadResponses")}
      pendingLabel={t("downloading")}
      failedText={t("downloadFailed")}
    />
  );
}
