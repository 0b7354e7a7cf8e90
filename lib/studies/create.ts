import "server-only";
import { studies, surveys } from "@/db/schema";
import { transaction, type DbOrTx } from "@/db/client";
import { recordAudit, type AuditActor } from "@/lib/audit/record";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { AppError } from "@/lib/errors/app-error";
import { logError } from "@/lib/log";
import { DEFAULT_STUDY_NAME, type CreateStudyInput } from "./admin-schemas.shared";
import { revalidatePublicStudyLists } from "./public-lists";
import type { StudyDto } from "./schemas.shared";
import { toStudyDto } from "./serialize";

/**
 * POST /api/study: a `not_started` study and its empty survey (with a fresh survey_uuid from
 * the database), both or neither, with its `study_created` audit row. Any failure is code 19.
 */
export async function createStudy(
  input: CreateStudyInput,
  actor: AuditActor,
  tx?: DbOrTx,
): Promise<StudyDto> {
  try {
    const created = await transaction(tx, async (t) => {
      const [study] = await t
        .insert(studies)
        .values({ name: input.name ?? DEFAULT_STUDY_NAME, status: "not_started" })
        .returning();
      const [survey] = await t
        .insert(surveys)
        .values({ studyId: study.id })
        .returning({ surveyUuid: surveys.surveyUuid });
      await recordAudit(t, {
        action: "study_created",
        actor,
        target: { type: "study", id: study.id },
      });
      return toStudyDto({ ...study, surveyUuid: survey.surveyUuid }, 0);
    });
    revalidatePublicStudyLists();
    return created;
  } catch (error) {
    if (error instanceof AppError) throw error;
    logError("studies", error, { action: "create" });
    throw new AppError(ErrorCode.CANNOT_CREATE);
  }
}
