import "server-only";
import { and, desc, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { studyAttachments } from "@/db/schema";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { AppError } from "@/lib/errors/app-error";
import { findVisibleStudy, type StudyViewer } from "@/lib/studies/visible";
import type { AttachmentList } from "./schemas.shared";
import { toAttachmentDto } from "./serialize";

/**
 * GET /api/study/{id}/attachments: public while the study is open or finished, staff-only
 * otherwise (404 code 14, as for a missing study). Reads the metadata only, never the bytes.
 */
export async function listAttachments(
  studyId: number,
  viewer: StudyViewer,
): Promise<AttachmentList> {
  await findVisibleStudy(studyId, viewer);
  const db = await getDb();
  const rows = await db
    .select({
      id: studyAttachments.id,
      originalFilename: studyAttachments.originalFilename,
      fileSize: studyAttachments.fileSize,
      uploadedAt: studyAttachments.uploadedAt,
    })
    .from(studyAttachments)
    .where(eq(studyAttachments.studyId, studyId))
    .orderBy(desc(studyAttachments.uploadedAt), desc(studyAttachments.id));
  return { items: rows.map(toAttachmentDto) };
}

export type AttachmentFile = { originalFilename: string; contentType: string; data: Buffer };

/** GET /api/study/{id}/attachments/{attachmentId}: the file, under the same visibility rule. */
export async function readAttachmentFile(
  studyId: number,
  attachmentId: number,
  viewer: StudyViewer,
): Promise<AttachmentFile> {
  await findVisibleStudy(studyId, viewer);
  const db = await getDb();
  const [row] = await db
    .select({
      originalFilename: studyAttachments.originalFilename,
      contentType: studyAttachments.contentType,
      data: studyAttachments.data,
    })
    .from(studyAttachments)
    .where(and(eq(studyAttachments.id, attachmentId), eq(studyAttachments.studyId, studyId)))
    .limit(1);
  if (!row) throw new AppError(ErrorCode.NOT_FOUND);
  return row;
}
