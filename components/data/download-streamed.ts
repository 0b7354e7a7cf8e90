"use client";

import { ApiCallError, api } from "@/lib/api-client.shared";

/**
 * Lets the browser download `path` itself, streamed to disk and never held in the page's
 * memory. `checkPath` is asked first, a cheap call that answers as the download would (signed
 * in, the thing exists), so a refusal can still be told on the page: it throws `ApiCallError`
 * then and nothing is downloaded. The file keeps the name of its Content-Disposition;
 * `fallbackName` is only the link's suggestion.
 */
export async function downloadStreamed(
  path: string,
  checkPath: string,
  fallbackName: string,
): Promise<void> {
  const check = await api(checkPath);
  if (!check.ok) throw new ApiCallError(check.status, check.error);
  const link = document.createElement("a");
  link.href = path;
  link.download = fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
}
