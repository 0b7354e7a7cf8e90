"use client";

import { filenameFromDisposition } from "@/lib/files/download-filename";

/**
 * Fetches a file from the API and hands it to the browser as a download, under the name from
 * its Content-Disposition (or `fallbackName`). The file is fetched first, so a failure can be
 * told and the page stays as it is: it throws for any answer that is not ok.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const response = await fetch(path, { credentials: "same-origin" });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const blob = await response.blob();
  const name = filenameFromDisposition(response.headers.get("content-disposition"), fallbackName);
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click was handled.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
