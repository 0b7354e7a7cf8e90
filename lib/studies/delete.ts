import "server-only";
import { eq } from "drizzle-orm";
import { studies, studyAttachments, surveyResponses, surveys } from "@/db/schema";
import { transaction, type DbOrTx } from "@/db/client";
import { recordAudit, type AuditActor } from "@/lib/audit/record";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { AppError } from "@/lib/errors/app-error";
import { logError } from "@/lib/log";
import { lockStudy } from "./closing";
import { revalidatePublicStudyLists } from "./public-lists";

/**
 * DELETE /api/study/{id} (admin): the study with its responses, attachments and survey, in one
 * transaction. The foreign keys would cascade as well; deleting each explicitly keeps what goes
 * visible here and independent of the schema's ON DELETE rules. Missing study: 404 code 14; any
 * other failure: code 21 with everything left in place. Editor images stay: they are addressed
 * by URL and may appear in panel mails already sent. Audited as `study_deleted`.
 */
export async function deleteStudy(id: number, actor: AuditActor, tx?: DbOrTx): Promise<void> {
  try {
    await transaction(tx, async (t) => {
      const study = await lockStudy(id, t);
      if (!study) throw new AppError(ErrorCode.NOT_FOUND);
      await t.delete(surveyResponses).where(eq(surveyResponses.studyId, id));
      await t.delete(studyAttachments).where(eq(studyAttachments.studyId, id));
      await t.delete(surveys).where(eq(surveys.studyId, id));
      await t.delete(studies).where(eq(studies.id, id));
      await recordAudit(t, { action: "study_deleted", actor, target: { type: "study", id } });
    });
    revalidatePublicStudyLists();
  } catch (error) {
    if (error instanceof AppError) throw error;
    logError("studies", error, { action: "delete", studyId: id });
    throw new AppError(ErrorCode.STUDY_DELETE_FAILED);
  }
}
