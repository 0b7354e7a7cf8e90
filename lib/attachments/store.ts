import "server-only";
import { and, eq } from "drizzle-orm";
import { studies, studyAttachments } from "@/db/schema";
import { transaction, type DbOrTx } from "@/db/client";
import { recordAudit, type AuditActor } from "@/lib/audit/record";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { AppError } from "@/lib/errors/app-error";
import { sniffFileType } from "@/lib/uploads/file-type";
import { fileRejected } from "@/lib/uploads/errors";
import { readUploadedFile } from "@/lib/uploads/read-file";
import { cleanFilename, hasPdfExtension, isAcceptableLength } from "./filename";
import { MAX_ATTACHMENT_BYTES, ONLY_PDF_MESSAGE, type AttachmentDto } from "./schemas.shared";
import { toAttachmentDto } from "./serialize";

/**
 * POST /api/study/{id}/attachments: stores a PDF with its size and SHA-256. Only a real PDF is
 * taken: the name ends in .pdf and the content starts with "%PDF-" (code 24 otherwise, with the
 * spec's message); an empty file and one over 20 MB are refused too. 404 code 14 when the study
 * does not exist. Audited as `attachment_uploaded` (the file's name is not in the log).
 */
export async function addAttachment(
  studyId: number,
  file: File,
  actor: AuditActor,
  tx?: DbOrTx,
): Promise<AttachmentDto> {
  const name = cleanFilename(file.name);
  if (!hasPdfExtension(name)) throw fileRejected(ONLY_PDF_MESSAGE);
  if (!isAcceptableLength(name)) {
    throw new AppError(ErrorCode.INVALID_INPUT, {
      message: "The file name is too long",
      fields: { file: "The file name is too long" },
    });
  }
  const content = await readUploadedFile(file, {
    maxBytes: MAX_ATTACHMENT_BYTES,
    tooLargeMessage: "The file is larger than 20 MB",
  });
  if (sniffFileType(content.bytes) !== "application/pdf") throw fileRejected(ONLY_PDF_MESSAGE);

  return transaction(tx, async (t) => {
    // Holding the study row keeps a concurrent delete of the study from slipping in between.
    const [study] = await t
      .select({ id: studies.id })
      .from(studies)
      .where(eq(studies.id, studyId))
      .for("share");
    if (!study) throw new AppError(ErrorCode.NOT_FOUND);
    const [row] = await t
      .insert(studyAttachments)
      .values({
        studyId,
        originalFilename: name,
        contentType: "application/pdf",
        fileSize: content.size,
        sha256: content.sha256,
        data: content.bytes,
      })
      .returning({
        id: studyAttachments.id,
        originalFilename: studyAttachments.originalFilename,
        fileSize: studyAttachments.fileSize,
        uploadedAt: studyAttachments.uploadedAt,
      });
    await recordAudit(t, {
      action: "attachment_uploaded",
      actor,
      target: { type: "attachment", id: row.id },
      details: { study_id: studyId },
    });
    return toAttachmentDto(row);
  });
}

/**
 * DELETE /api/study/{id}/attachments/{attachmentId}: 404 code 14 unless it belongs to the study.
 * Audited as `attachment_deleted`.
 */
export async function deleteAttachment(
  studyId: number,
  attachmentId: number,
  actor: AuditActor,
  tx?: DbOrTx,
): Promise<void> {
  await transaction(tx, async (t) => {
    const deleted = await t
      .delete(studyAttachments)
      .where(and(eq(studyAttachments.id, attachmentId), eq(studyAttachments.studyId, studyId)))
      .returning({ id: studyAttachments.id });
    if (deleted.length === 0) throw new AppError(ErrorCode.NOT_FOUND);
    await recordAudit(t, {
      action: "attachment_deleted",
      actor,
      target: { type: "attachment", id: attachmentId },
      details: { study_id: studyId },
    });
  });
}
