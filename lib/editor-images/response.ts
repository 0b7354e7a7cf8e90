import "server-only";
import { fileResponse } from "@/lib/files/file-response";
import type { EditorImageFile } from "./read";

/**
 * An image never changes under its id (a new upload gets a new one), so browsers and caches may
 * keep it for a year. Opened on its own it is a sandboxed document that can load nothing.
 */
export function editorImageResponse(image: EditorImageFile): Response {
  return fileResponse({
    bytes: image.data,
    contentType: image.contentType,
    cacheControl: "public, max-age=31536000, immutable",
  });
}
