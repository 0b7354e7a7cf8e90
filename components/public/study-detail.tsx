import { ExternalLink, RotateCw } from "lucide-react";
import { useTranslations } from "next-intl";
import { Alert } from "@/components/ui/alert";
import { RichText } from "@/components/rich-text/rich-text";
import type { AttachmentDto } from "@/lib/attachments/schemas.shared";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { errorText, type ErrorsTranslator } from "@/lib/errors/error-text.shared";
import type { StudyDto } from "@/lib/studies/schemas.shared";
import { StudyAttachments } from "./study-attachments";

/** What /study/{id} shows: the study and its PDFs, or why it cannot be shown (its error code). */
export type StudyPageContent =
  | { study: StudyDto; attachments: AttachmentDto[] }
  | { error: { code: number } };

const titleClass = "text-3xl font-bold tracking-tight break-words text-primary-800 sm:text-4xl";

/**
 * The body of /study/{id}, rendered on the server into the page's HTML: no request from the
 * browser, no spinner, and it reads the same with scripts off. `retryHref` is the page's own
 * address, offered after a failure other than "not found" (a plain link, so it needs no script).
 */
export function StudyDetail({
  content,
  retryHref,
}: {
  content: StudyPageContent;
  retryHref: string;
}) {
  const t = useTranslations("studies.study");
  const errors = useTranslations("errors") as unknown as ErrorsTranslator;

  if ("error" in content) {
    const { code } = content.error;
    return (
      <>
        <h1 className={titleClass}>{t("fallbackTitle")}</h1>
        <div className="mt-6 space-y-3">
          <Alert tone="error" title={errorText(errors, content.error)} />
          {code !== ErrorCode.NOT_FOUND && code !== ErrorCode.INVALID_INPUT ? (
            <a href={retryHref} className="btn-secondary">
              <RotateCw aria-hidden className="size-4" />
              {t("retry")}
            </a>
          ) : null}
        </div>
      </>
    );
  }

  const { study, attachments } = content;
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
      <StudyAttachments studyId={study.id} attachments={attachments} />
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
