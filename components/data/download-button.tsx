"use client";

import { Download, Loader2 } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { downloadStreamed } from "./download-streamed";

/**
 * A button that downloads a file from the API: the browser downloads `path` itself, streamed to
 * disk and never held in the page's memory, once `checkPath` said yes (see downloadStreamed).
 * It says it is busy meanwhile, and a refusal is told in a toast (`failedText`), the page
 * staying as it is.
 */
export function DownloadButton({
  path,
  checkPath,
  fallbackName,
  label,
  pendingLabel,
  failedText,
}: {
  path: string;
  /** A cheap call that answers as `path` would, without the file. */
  checkPath: string;
  fallbackName: string;
  label: string;
  pendingLabel: string;
  failedText: string;
}) {
  const [pending, setPending] = useState(false);

  async function download() {
    setPending(true);
    try {
      await downloadStreamed(path, checkPath, fallbackName);
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
      // Busy, not disabled: the browser would move focus off a disabled button, and a keyboard
      // user would be sent back to the top of the page. A press meanwhile does nothing.
      aria-disabled={pending || undefined}
      aria-busy={pending || undefined}
      onClick={() => {
        if (!pending) void download();
      }}
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
