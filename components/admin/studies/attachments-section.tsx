"use client";

import { Download, ExternalLink, Link2, Trash2, Upload, X } from "lucide-react";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState, type DragEvent } from "react";
import { toast } from "sonner";
import { useApiMutation, wasDeletedElsewhere } from "@/components/data/use-api-mutation";
import { useApiQuery } from "@/components/data/use-api-query";
import { Alert } from "@/components/ui/alert";
import { LoadFailed } from "@/components/ui/load-failed";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DataTable, dataCell } from "@/components/ui/data-table";
import { RowActions } from "@/components/ui/row-actions";
import { Spinner } from "@/components/ui/spinner";
import {
  attachmentUrl,
  type AttachmentDto,
  type AttachmentList,
} from "@/lib/attachments/schemas.shared";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { formatFileSize } from "./format";
import {
  ATTACHMENT_UPLOADED,
  useAttachmentUploads,
  type AttachmentUploaded,
} from "./use-attachment-uploads";

/**
 * A study's PDF attachments: the list (name, size, upload date) with view, download, copy link
 * and delete, and uploads by button or by dropping files, each with its progress. The spec only
 * logs failures to load or delete attachments; here they are logged and also shown as a short
 * notice, so staff know the list may be incomplete or the file is still there.
 */
export function AttachmentsSection({ studyId }: { studyId: number }) {
  const t = useTranslations("admin.studies.attachments");
  const tc = useTranslations("common");
  const locale = useLocale();
  const format = useFormatter();
  const headingId = useId();
  const path = `/api/study/${studyId}/attachments`;
  const list = useApiQuery<AttachmentList>(path);
  const items = list.data?.items ?? null;
  const [dragging, setDragging] = useState(false);
  const [removing, setRemoving] = useState<AttachmentDto | null>(null);
  const removal = useApiMutation();
  const picker = useRef<HTMLInputElement>(null);
  const uploadButton = useRef<HTMLButtonElement>(null);
  // After a delete its row (and the button that opened the dialog) is gone.
  const removed = useRef(false);

  useEffect(() => {
    if (list.error) console.error("loading attachments failed", { studyId, error: list.error });
  }, [list.error, studyId]);

  const { uploads, uploadAll, dismiss } = useAttachmentUploads(studyId, path);
  const { setData } = list;
  useEffect(() => {
    const onUploaded = (event: Event) => {
      const { detail } = event as AttachmentUploaded;
      if (detail.studyId !== studyId) return;
      setData((data) => {
        const items = data?.items ?? [];
        if (items.some((a) => a.id === detail.attachment.id)) return { items };
        return { items: [detail.attachment, ...items] };
      });
    };
    window.addEventListener(ATTACHMENT_UPLOADED, onUploaded);
    return () => window.removeEventListener(ATTACHMENT_UPLOADED, onUploaded);
  }, [setData, studyId]);

  /** The close button pressed goes with its alert: focus to the next one's, or to "upload". */
  function dismissError(key: number) {
    const next = uploads.find((u) => u.error && u.key !== key);
    dismiss(key);
    requestAnimationFrame(() =>
      (next ? document.getElementById(closeId(next.key)) : uploadButton.current)?.focus(),
    );
  }
  const closeId = (key: number) => `${headingId}-upload-${key}-close`;

  async function copyLink(attachment: AttachmentDto) {
    const url = new URL(attachmentUrl(studyId, attachment.id), window.location.origin).href;
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t("linkCopied"));
    } catch {
      toast.error(t("copyFailed"));
    }
  }

  async function remove(attachment: AttachmentDto) {
    const result = await removal.run({
      path: `${path}/${attachment.id}`,
      method: "DELETE",
    });
    // Deleted elsewhere meanwhile (another tab, a colleague): what was asked for is done, and a
    // row kept for it could only fail again.
    const gone = wasDeletedElsewhere(result);
    if (!result.ok && !gone) {
      console.error("attachment delete failed", {
        studyId,
        attachmentId: attachment.id,
        ...result,
      });
      return;
    }
    removed.current = true;
    setRemoving(null);
    list.setData((data) => ({ items: (data?.items ?? []).filter((a) => a.id !== attachment.id) }));
    toast.success(t(gone ? "alreadyRemoved" : "removed"));
  }

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    void uploadAll(event.dataTransfer.files);
  };

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h3 id={headingId} className="text-lg font-semibold text-ink">
        {t("title")}
      </h3>

      <div
        onDragOver={(event) => {
          event.preventDefault();
          event.dataTransfer.dropEffect = "copy";
          setDragging(true);
        }}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={onDrop}
        data-testid="attachment-drop-zone"
        className={`flex flex-wrap items-center gap-3 rounded-lg border-2 border-dashed px-4 py-5 ${dragging ? "border-primary-700 bg-primary-50" : "border-gray-300"}`}
      >
        <input
          ref={picker}
          type="file"
          accept="application/pdf,.pdf"
          multiple
          hidden
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            event.target.value = "";
            void uploadAll(files);
          }}
        />
        <button
          ref={uploadButton}
          type="button"
          className="btn-secondary"
          onClick={() => picker.current?.click()}
        >
          <Upload aria-hidden className="size-4" />
          {t("upload")}
        </button>
        <span className="text-sm text-muted">{t("dropHint")}</span>
      </div>

      {uploads.length > 0 ? (
        <ul className="space-y-2">
          {uploads.map((upload) =>
            upload.error ? (
              <li key={upload.key}>
                <Alert tone="error">
                  <div className="flex items-start justify-between gap-3">
                    <p>
                      {/* The file's name as it is, not capitalised like a title. */}
                      <span className="block font-semibold break-all">{upload.name}</span>
                      <span className="block first-letter:uppercase">{upload.error}</span>
                    </p>
                    <button
                      type="button"
                      id={closeId(upload.key)}
                      className="btn-ghost -my-1 p-1"
                      aria-label={`${tc("close")}: ${upload.name}`}
                      onClick={() => dismissError(upload.key)}
                    >
                      <X aria-hidden className="size-4" />
                    </button>
                  </div>
                </Alert>
              </li>
            ) : (
              <li key={upload.key} className="text-sm">
                <label className="flex flex-col gap-1">
                  <span>
                    {t("uploading", { name: upload.name })} ({upload.progress}%)
                  </span>
                  <progress className="h-2 w-full" max={100} value={upload.progress} />
                </label>
              </li>
            ),
          )}
        </ul>
      ) : null}

      {list.error ? (
        <LoadFailed title={t("loadFailed")} retryLabel={t("retry")} onRetry={list.refresh} />
      ) : null}
      {items === null && !list.error ? <Spinner label={t("title")} /> : null}
      {items && items.length === 0 ? (
        <p className="text-muted first-letter:uppercase">{t("none")}</p>
      ) : null}
      {items && items.length > 0 ? (
        <DataTable
          caption={t("tableCaption")}
          columns={[
            { label: t("columnName") },
            { label: t("columnSize") },
            { label: t("columnDate") },
            { label: t("columnActions"), align: "end" },
          ]}
        >
          {items.map((attachment) => {
            const name = attachment.original_filename;
            return (
              <tr key={attachment.id}>
                <td className={`${dataCell} break-all`}>{name}</td>
                <td className={`${dataCell} whitespace-nowrap`}>
                  {formatFileSize(attachment.file_size, locale)}
                </td>
                <td className={`${dataCell} whitespace-nowrap`}>
                  {format.dateTime(new Date(attachment.uploaded_at * 1000), {
                    dateStyle: "medium",
                    timeStyle: "short",
                  })}
                </td>
                <td className={dataCell}>
                  <RowActions
                    rowName={name}
                    display="icons"
                    actions={[
                      {
                        label: t("view"),
                        name: t("viewName", { name }),
                        icon: ExternalLink,
                        href: attachmentUrl(studyId, attachment.id),
                        newTab: true,
                      },
                      {
                        label: t("download"),
                        name: t("downloadName", { name }),
                        icon: Download,
                        href: attachmentUrl(studyId, attachment.id, true),
                        download: name,
                      },
                      {
                        label: t("copyLink"),
                        name: t("copyLinkName", { name }),
                        icon: Link2,
                        onClick: () => void copyLink(attachment),
                      },
                      {
                        label: t("remove"),
                        name: t("removeName", { name }),
                        icon: Trash2,
                        tone: "danger",
                        onClick: () => {
                          removal.reset();
                          removed.current = false;
                          setRemoving(attachment);
                        },
                      },
                    ]}
                  />
                </td>
              </tr>
            );
          })}
        </DataTable>
      ) : null}

      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title={t("removeTitle")}
        description={t("removeDescription", { name: removing?.original_filename ?? "" })}
        confirmLabel={<span className="first-letter:uppercase">{t("removeConfirm")}</span>}
        tone="danger"
        pending={removal.pending}
        error={
          removal.error
            ? // A refusal with a reason of its own (signed out, too many attempts) says it.
              removal.error.network || removal.error.code === ErrorCode.UNKNOWN
              ? t("removeFailed")
              : removal.errorMessage
            : null
        }
        onConfirm={() => removing && void remove(removing)}
        returnFocus={() => (removed.current ? uploadButton.current : null)}
      />
    </section>
  );
}
