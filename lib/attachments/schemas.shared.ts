import { z } from "zod";
import { idSchema } from "@/lib/validation/common.shared";

/** The largest PDF a study can carry: 20 MB (base 1024, as sizes are shown). */
export const MAX_ATTACHMENT_BYTES = 20 * 1024 * 1024;

/** The longest file name kept, in characters (what common file systems allow). */
export const MAX_ATTACHMENT_NAME_LENGTH = 255;

/** Code 24's message for anything that is not a PDF (spec §5, as written). */
export const ONLY_PDF_MESSAGE = "only pdf files are allowed";

/** Route parameters of /api/study/{id}/attachments/{attachmentId}; ids as strict as study ids. */
export const attachmentParamsSchema = z.object({
  id: idSchema,
  attachmentId: idSchema,
});

/** `?download=1` asks for the file as a download instead of for viewing. */
export const attachmentFileQuerySchema = z.object({
  download: z.enum(["0", "1"]).optional(),
});

/** An attachment as the API shows it (DESIGN §4); `uploaded_at` in unix seconds. */
export const attachmentSchema = z.object({
  id: z.number().int(),
  original_filename: z.string(),
  file_size: z.number().int(),
  uploaded_at: z.number().int(),
});
export type AttachmentDto = z.infer<typeof attachmentSchema>;

/** GET /api/study/{id}/attachments: newest first. */
export type AttachmentList = { items: AttachmentDto[] };

/** Where a study's attachment is served (view, download and copied links). */
export function attachmentUrl(studyId: number, attachmentId: number, download = false): string {
  return `/api/study/${studyId}/attachments/${attachmentId}${download ? "?download=1" : ""}`;
}
