"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { useErrorMessage } from "@/components/data/use-error-message";
import { apiUpload } from "@/lib/api-client.shared";
import {
  MAX_ATTACHMENT_BYTES,
  ONLY_PDF_MESSAGE,
  type AttachmentDto,
} from "@/lib/attachments/schemas.shared";
import { ErrorCode } from "@/lib/errors/codes.shared";

export type UploadState = { key: number; name: string; progress: number; error?: string };

/**
 * Said on `window` when an upload is stored, for whichever pane of that study is on screen then:
 * the queue goes on after its pane is left, and the study may have been opened again meanwhile,
 * in a pane that read its list before the file was there.
 */
export const ATTACHMENT_UPLOADED = "attachment-uploaded";
export type AttachmentUploaded = CustomEvent<{ studyId: number; attachment: AttachmentDto }>;

/**
 * Uploads of a study's PDFs, one after the other, each with its progress or its error until
 * dismissed; a file that is no PDF or too large is refused before anything is sent. Each one
 * stored is said as `ATTACHMENT_UPLOADED`.
 */
export function useAttachmentUploads(studyId: number, path: string) {
  const t = useTranslations("admin.studies.attachments");
  const describe = useErrorMessage();
  const [uploads, setUploads] = useState<UploadState[]>([]);
  const nextKey = useRef(0);
  // The queue goes on after the study's pane is left (another study chosen): a failure then has
  // no list to stand in, so it is said in a toast instead of being lost with the pane.
  const shown = useRef(true);
  useEffect(() => {
    shown.current = true;
    return () => {
      shown.current = false;
    };
  }, []);

  function fail(key: number, name: string, error: string) {
    if (shown.current) patch(key, { error });
    else toast.error(t("notUploaded", { name, message: error }), { duration: 10_000 });
  }

  const patch = (key: number, change: Partial<UploadState>) =>
    setUploads((all) => all.map((u) => (u.key === key ? { ...u, ...change } : u)));

  async function uploadOne(file: File) {
    const key = nextKey.current++;
    setUploads((all) => [...all, { key, name: file.name, progress: 0 }]);
    if (!file.name.toLowerCase().endsWith(".pdf")) {
      fail(key, file.name, t("onlyPdf"));
      return;
    }
    if (file.size > MAX_ATTACHMENT_BYTES) {
      fail(key, file.name, t("tooLarge"));
      return;
    }
    const body = new FormData();
    body.append("file", file);
    const result = await apiUpload<AttachmentDto>(path, body, (share) =>
      patch(key, { progress: Math.round(share * 100) }),
    );
    if (!result.ok) {
      console.error("attachment upload failed", { studyId, status: result.status });
      const { error } = result;
      fail(
        key,
        file.name,
        error.network
          ? t("uploadFailed")
          : error.code === ErrorCode.FILE_REJECTED && error.message === ONLY_PDF_MESSAGE
            ? t("onlyPdf")
            : error.code === ErrorCode.UNKNOWN
              ? t("uploadFailed")
              : describe(error),
      );
      return;
    }
    setUploads((all) => all.filter((u) => u.key !== key));
    window.dispatchEvent(
      new CustomEvent(ATTACHMENT_UPLOADED, { detail: { studyId, attachment: result.data } }),
    );
    toast.success(t("uploaded", { name: file.name }));
  }

  async function uploadAll(files: FileList | File[] | null) {
    // One after the other: several 20 MB bodies at once would only slow each other down.
    for (const file of Array.from(files ?? [])) await uploadOne(file);
  }

  return {
    uploads,
    uploadAll,
    dismiss: (key: number) => setUploads((all) => all.filter((u) => u.key !== key)),
  };
}
