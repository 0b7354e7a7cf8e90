import "server-only";
import type { StudyAttachment } from "@/db/schema";
import { unixSeconds } from "@/lib/time/unix.shared";
import type { AttachmentDto } from "./schemas.shared";

export type AttachmentMeta = Pick<
  StudyAttachment,
  "id" | "originalFilename" | "fileSize" | "uploadedAt"
>;

export function toAttachmentDto(row: AttachmentMeta): AttachmentDto {
  return {
    id: row.id,
    original_filename: row.originalFilename,
    file_size: row.fileSize,
    uploaded_at: unixSeconds(row.uploadedAt),
  };
}
