"use client";

import { Download, Loader2 } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { downloadFile } from "./download-file";

/**
 * A button that downloads a file from the API (see downloadFile): it says it is busy while the
 * file comes, and any failure is told in a toast (`failedText`), the page staying as it is.
 */
export function DownloadButton({
  path,
  fallbackName,
  label,
  pendingLabel,
  failedText,
}: {
  path: string;
  fallbackName: string;
  label: string;
  pendingLabel: string;
  failedText: string;
}) {
  const [pending, setPending] = useState(false);

  async function download() {
    setPending(true);
    try {
      await downloadFile(path, fallbackName);
    } catch (error) {
      console.error(`download of ${fallbackName} failed`, error);
      toast.error(failedText);
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
      <span className="first-letter:uppercase">{pending ? pendingLabel : label}</span>
    </button>
  );
}
