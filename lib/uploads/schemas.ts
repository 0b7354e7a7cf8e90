import "server-only";
import { z } from "zod";

/** The multipart field every upload sends its file in. */
export const UPLOAD_FIELD = "file";

function isFile(value: unknown): value is File {
  return value instanceof Blob && typeof (value as { name?: unknown }).name === "string";
}

/**
 * A multipart body with one file in `file`. A missing field, or a plain text field of that
 * name, is invalid input (code 22); what the file holds is checked by the upload's own rules.
 */
export const fileUploadSchema = z.object({
  [UPLOAD_FIELD]: z.custom<File>(isFile, { message: "Choose a file to upload" }),
});
export type FileUpload = z.infer<typeof fileUploadSchema>;
