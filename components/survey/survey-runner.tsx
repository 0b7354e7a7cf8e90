"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { useApiQuery } from "@/components/data/use-api-query";
import { useErrorMessage } from "@/components/data/use-error-message";

import { Spinner } from "@/components/ui/spinner";
import type { PublicSurvey } from "@/lib/surveys/types.shared";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { forgetAnswers, keptAnswersKey, type KeptRecord } from "./kept-answers";
import { SurveyNotice } from "./survey-notice";
import { SurveySteps } from "./survey-steps";

/**
 * The public survey page's island. The page itself is static; the survey is fetched here, and
 * nothing else is: no cookie is set and no other request is made while someone answers.
 * `preview` (the page's `?preview=1`) only asks; the server decides, and answers a preview to
 * signed-in staff alone.
 */
export function SurveyRunner({ surveyUuid, preview }: { surveyUuid: string; preview: boolean }) {
  const t = useTranslations("survey");
  const errorMessage = useErrorMessage();
  const {
    data: survey,
    error,
    setData,
  } = useApiQuery<PublicSurvey>(
    `/api/survey/${encodeURIComponent(surveyUuid)}${preview ? "?preview=1" : ""}`,
  );
  const [carried, setCarried] = useState<KeptRecord | undefined>(undefined);
  // A survey that is closed (code 20) or gone (code 14) will take none of the answers kept in
  // the tab, so they go now rather than wait in the tab for the study to open again. Not after
  // a failure that may pass (the server or the connection away): they are still wanted then.
  const gone = error?.code === ErrorCode.STUDY_NOT_OPEN || error?.code === ErrorCode.NOT_FOUND;
  useEffect(() => {
    if (gone) forgetAnswers(keptAnswersKey(surveyUuid, preview));
  }, [gone, surveyUuid, preview]);

  if (survey) {
    // A new version starts afresh, taking up the answers kept in the tab that still fit it.
    return (
      <SurveySteps
        key={survey.version}
        survey={survey}
        carried={carried}
        onChanged={(latest, answered) => {
          setCarried(answered);
          setData(() => latest);
        }}
      />
    );
  }

  return (
    <section className="mx-auto max-w-2xl">
      <h1 className="mb-6 text-3xl font-bold tracking-tight text-primary-800">{t("metaTitle")}</h1>
      {!error ? (
        <Spinner label={t("loading")} />
      ) : (
        <SurveyNotice error={t("loadErrorTitle")} detail={errorMessage(error)} />
      )}
    </section>
  );
}
