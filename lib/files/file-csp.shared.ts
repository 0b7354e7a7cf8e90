/**
 * The Content-Security-Policy of every file served from the database (PDF attachments, editor
 * images). Opened on its own, such a file is a document that may run nothing, load nothing, and
 * be framed by no one. Checked in Chromium: its PDF viewer still shows a PDF served this way.
 * No imports: next.config.ts reads it too, to give these paths this policy instead of the pages'.
 */
export const FILE_CSP = "default-src 'none'; frame-ancestors 'none'; sandbox";

/** The API paths that serve such files, in next.config.ts `headers()` source syntax. */
export const FILE_PATH_SOURCES = [
  "/api/study/:id/attachments/:attachmentId",
  "/api/editor_image/:id",
] as const;
