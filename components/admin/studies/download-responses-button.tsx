"use client";

import { useTranslations } from "next-intl";
import { DownloadButton } from "@/components/data/download-button";

/**
 * Downloads the study's responses as a spreadsheet, under the name from Content-Disposition or
 * `responses.xlsx`. Any failure, including an export that does not exist yet, shows 'Failed to
 * download study responses'.
 */
export function DownloadResponsesButton({ studyId }: { studyId: number }) {
  const t = useTranslations("admin.studies");
  return (
    <DownloadButton
      path={`/api/study/${studyId}/responses/export`}
      fallbackName="responses.xlsx"
      label={t("downloadResponses")}
      pendingLabel={t("downloading")}
      failedText={t("downloadFailed")}
    />
  );
}
