import "server-only";
import { contentDisposition } from "@/lib/files/content-disposition";
import { fileResponse } from "@/lib/files/file-response";
import type { AttachmentFile } from "./read";

/**
 * The file for viewing (`inline`) or, with ?download=1, as a download, both with the sandbox CSP
 * (Chromium's PDF viewer shows a sandboxed PDF; see docs/studies.md). Never cached: a file
 * stops being public when its study is hidden or the file is deleted, and staff-only files
 * must not linger in a shared computer's cache.
 */
export function attachmentResponse(file: AttachmentFile, o: { download: boolean }): Response {
  return fileResponse({
    bytes: file.data,
    contentType: file.contentType,
    disposition: contentDisposition(
      o.download ? "attachment" : "inline",
      file.originalFilename,
      "attachment.pdf",
    ),
    cacheControl: "no-store",
  });
}
