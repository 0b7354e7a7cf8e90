import "server-only";
import { FILE_CSP } from "./file-csp.shared";

export type FileResponseOptions = {
  bytes: Uint8Array;
  contentType: string;
  /** Content-Disposition, when the file has a name to offer (see content-disposition.ts). */
  disposition?: string;
  /** Cache-Control: "no-store" unless the file can never change. */
  cacheControl?: string;
};

/**
 * Stored bytes as a download. `nosniff` makes the browser keep to the declared type, so an
 * upload that passed as a PDF or an image is never run as HTML or script; the sandbox CSP keeps
 * whatever it is from acting as a page of this site.
 */
export function fileResponse(o: FileResponseOptions): Response {
  const headers = new Headers({
    "content-type": o.contentType,
    "content-length": String(o.bytes.byteLength),
    "x-content-type-options": "nosniff",
    "cache-control": o.cacheControl ?? "no-store",
    "content-security-policy": FILE_CSP,
  });
  if (o.disposition) headers.set("content-disposition", o.disposition);
  // Stored bytes live in ordinary (never shared) ArrayBuffers; the cast only narrows the type.
  return new Response(o.bytes as Uint8Array<ArrayBuffer>, { status: 200, headers });
}
