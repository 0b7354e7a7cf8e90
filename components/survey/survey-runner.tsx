"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { api, type ApiError } from "@/lib/api-client";
import { useErrorMessage } from "@/lib/i18n/use-error-message";
import type { PublicSurvey } from "@/lib/surveys/types";
import { Notice } from "@/components/panel/notice";
import { Spinner } from "@/components/panel/spinner";
import { SurveySteps } from "./survey-steps";

type Load =
  | { status: "loading" }
  | { status: "error"; error: ApiError }
  | { status: "ready"; survey: PublicSurvey };

/**
 * The public survey page's island. The page itself is static; the survey is fetched here, and
 * nothing else is: no cookie is set and no other request is made while someone answers.
 */
export function SurveyRunner({ surveyUuid }: { surveyUuid: string }) {
  const t = useTranslations("survey");
  const errorMessage = useErrorMessage();
  const [load, setLoad] = useState<Load>({ status: "loading" });

  useEffect(() => {
    const controller = new AbortController();
    void api<PublicSurvey>(`/api/survey/${encodeURIComponent(surveyUuid)}`, {
      signal: controller.signal,
    }).then((result) => {
      if (controller.signal.aborted) return;
      setLoad(result.ok ? { status: "ready", survey: result.data } : { status: "error", error: result.error });
    });
    return () => controller.abort();
  }, [surveyUuid]);

  if (load.status === "ready") return <SurveySteps survey={load.survey} />;

  return (
    <section className="mx-auto max-w-2xl">
      <h1 className="mb-6 text-3xl font-bold tracking-tight text-primary-800">{t("metaTitle")}</h1>
      {load.status === "loading" ? (
        <Spinner label={t("loading")} />
      ) : (
        <div className="space-y-6">
          <Notice tone="error" title={t("loadErrorTitle")}>
            <p>{errorMessage(load.error)}</p>
          </Notice>
          <p>
            <Link href="/" prefetch={false} className="btn-primary">
              {t("openStudies")}
            </Link>
          </p>
        </div>
      )}
    </section>
  );
}
