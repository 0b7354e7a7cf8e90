import "server-only";
import type { StudyAttachment } from "@/db/schema";
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
    uploaded_at: Math.floor(row.uploadedAt.getTime() / 1000),
  };
}
