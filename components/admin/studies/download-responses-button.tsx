"use client";

import { Download, Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { filenameFromDisposition } from "@/lib/files/download-filename";

const FALLBACK_NAME = "responses.xlsx";

/**
 * Downloads the study's responses as a spreadsheet. The file is fetched first (so a failure can
 * be told and the page stays as it is) and then handed to the browser under the name from
 * Content-Disposition, or `responses.xlsx`. Any failure, including an export that does not
 * exist yet, shows 'Failed to download study responses'.
 */
export function DownloadResponsesButton({ studyId }: { studyId: number }) {
  const t = useTranslations("admin.studies");
  const [pending, setPending] = useState(false);

  async function download() {
    setPending(true);
    try {
      const response = await fetch(`/api/study/${studyId}/responses/export`, {
        credentials: "same-origin",
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const blob = await response.blob();
      const name = filenameFromDisposition(
        response.headers.get("content-disposition"),
        FALLBACK_NAME,
      );
      const url = URL.createObjectURL(blob);
      const link = document.createElement("a");
      link.href = url;
      link.download = name;
      document.body.append(link);
      link.click();
      link.remove();
      // The browser has taken the file once the click was handled.
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      console.error("download of study responses failed", error);
      toast.error(t("downloadFailed"), { duration: 5000 });
    } finally {
      setPending(false);
    }
  }

  return (
    <button
      type="button"
      className="btn-secondary"
      disabled={pending}
      aria-busy={pending || undefined}
      onClick={() => void download()}
    >
      {pending ? (
        <Loader2 aria-hidden className="size-4 animate-spin" />
      ) : (
        <Download aria-hidden className="size-4" />
      )}
      <span className="first-letter:uppercase">
        {pending ? t("downloading") : t("downloadResponses")}
      </span>
    </button>
  );
}
