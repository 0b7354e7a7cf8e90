import { Download, ExternalLink, FileText } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { formatFileSize } from "@/components/admin/studies/format";
import { TitledSection } from "@/components/ui/titled-section";
import { attachmentUrl, type AttachmentDto } from "@/lib/attachments/schemas.shared";

const linkClass =
  "inline-flex min-h-6 items-center gap-1 font-medium text-primary-700 underline underline-offset-2 hover:text-primary-800";

/**
 * The study's PDFs on /study/{id}, each to view (in a new window) or download, rendered on the
 * server with the rest of the page. A study without PDFs shows nothing.
 */
export function StudyAttachments({
  studyId,
  attachments,
}: {
  studyId: number;
  attachments: AttachmentDto[];
}) {
  const t = useTranslations("studies.study");
  const locale = useLocale();
  if (attachments.length === 0) return null;
  return (
    <TitledSection
      titleId="study-documents"
      title={t("documents")}
      titleClassName="text-xl font-semibold text-primary-800"
      className="mt-8"
    >
      <ul className="mt-3 space-y-3">
        {attachments.map((attachment) => (
          <li key={attachment.id} className="flex flex-wrap items-center gap-x-4 gap-y-1">
            <span className="flex min-w-0 items-center gap-2">
              <FileText aria-hidden className="size-5 shrink-0 text-primary-700" />
              <span className="break-all">{attachment.original_filename}</span>
              <span className="shrink-0 text-sm text-muted">
                {formatFileSize(attachment.file_size, locale)}
              </span>
            </span>
            <a
              href={attachmentUrl(studyId, attachment.id)}
              target="_blank"
              rel="noopener noreferrer"
              className={linkClass}
              aria-label={t("viewDocument", { name: attachment.original_filename })}
            >
              <ExternalLink aria-hidden className="size-4" />
              {t("view")}
            </a>
            <a
              href={attachmentUrl(studyId, attachment.id, true)}
              download={attachment.original_filename}
              className={linkClass}
              aria-label={t("downloadDocument", { name: attachment.original_filename })}
            >
              <Download aria-hidden className="size-4" />
              {t("download")}
            </a>
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}
