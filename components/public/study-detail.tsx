"use client";

import { useTranslations } from "next-intl";
import { ExternalLink, RotateCw } from "lucide-react";
import { useEffect } from "react";
import { useApiQuery } from "@/components/data/use-api-query";
import { useErrorMessage } from "@/components/data/use-error-message";
import { Alert } from "@/components/ui/alert";
import { Spinner } from "@/components/ui/spinner";
import { ErrorCode } from "@/lib/errors/codes.shared";
import type { StudyDto } from "@/lib/studies/schemas.shared";
import { RichText } from "@/components/rich-text/rich-text";
import { StudyAttachments } from "./study-attachments";

const titleClass = "text-3xl font-bold tracking-tight break-words text-primary-800 sm:text-4xl";

/**
 * The body of /study/{id}, loaded in the browser from GET /api/study/{id}. `id` is null when the
 * address holds no valid id, which is shown like a study that does not exist.
 */
export function StudyDetail({ id }: { id: number | null }) {
  const t = useTranslations("studies.study");
  const common = useTranslations("common");
  const errorMessage = useErrorMessage();
  const {
    data: study,
    error: loadError,
    refresh,
  } = useApiQuery<StudyDto>(id === null ? null : `/api/study/${id}`);

  // The static page's title is generic; once the study is known, its name is the better title.
  useEffect(() => {
    if (study) document.title = `${study.name} · ${common("siteName")}`;
  }, [study, common]);

  if (id === null || loadError) {
    const error = loadError ?? { code: ErrorCode.NOT_FOUND, message: "" };
    return (
      <>
        <h1 className={titleClass}>{t("fallbackTitle")}</h1>
        <div className="mt-6 space-y-3">
          <Alert tone="error" title={errorMessage(error)} />
          {error.code !== ErrorCode.NOT_FOUND && error.code !== ErrorCode.INVALID_INPUT ? (
            <button type="button" className="btn-secondary" onClick={refresh}>
              <RotateCw aria-hidden className="size-4" />
              {t("retry")}
            </button>
          ) : null}
        </div>
      </>
    );
  }
  if (!study) return <Spinner label={t("loading")} />;

  const open = study.status === "open";
  return (
    <article aria-labelledby="study-title">
      <h1 id="study-title" className={titleClass}>
        {study.name}
      </h1>
      <div className="mt-6">
        {open ? (
          <Alert tone="success" title={t("open")}>
            <p>{t("openDetail")}</p>
          </Alert>
        ) : (
          <Alert tone="info" title={t("closed")}>
            <p>{t("closedDetail")}</p>
          </Alert>
        )}
      </div>
      <RichText html={study.description} className="mt-6 text-lg" />
      <StudyAttachments studyId={study.id} />
      {open && study.survey_uuid ? (
        <p className="mt-8">
          <a
            href={`/survey/${study.survey_uuid}`}
            target="_blank"
            rel="noopener noreferrer"
            className="btn-primary px-5 py-3 text-base"
          >
            <span className="inline-block first-letter:uppercase">{t("enroll")}</span>
            <span className="sr-only"> {t("opensInNewWindow")}</span>
            <ExternalLink aria-hidden className="size-5" />
          </a>
        </p>
      ) : null}
    </article>
  );
}
