import "server-only";
import { z } from "zod";

/** The largest image the rich-text editor can upload: 5 MB (base 1024). */
export const MAX_EDITOR_IMAGE_BYTES = 5 * 1024 * 1024;

/** Code 24's message for a file that is neither a PNG nor a JPEG. */
export const ONLY_IMAGES_MESSAGE = "only png and jpeg images are allowed";

/** Route parameters of /api/editor_image/{id}: a malformed id is invalid input (code 22). */
export const editorImageParamsSchema = z.object({ id: z.uuid("Expected an image id") });

/** POST /api/editor_image answers where the image is served, a path on this site. */
export const editorImageUploadSchema = z.object({ url: z.string() });
export type EditorImageUpload = z.infer<typeof editorImageUploadSchema>;

export function editorImageUrl(id: string): string {
  return `/api/editor_image/${id}`;
}
