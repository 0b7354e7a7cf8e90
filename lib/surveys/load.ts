import "server-only";
import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { preparedQuery } from "@/db/prepared";
import { studies, surveys, type Study } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { effectiveStatus } from "@/lib/time/closing.shared";
import { stepsSchema, type Step } from "./schema.shared";
import { sortedSteps } from "./validation.shared";

export type OpenSurvey = {
  studyId: number;
  surveyUuid: string;
  studyName: string;
  /** The study's status as everyone sees it (only `open` takes responses). */
  status: Study["status"];
  /** The study's response limit, when it has one. */
  responseLimit: number | null;
  /** The editor's version, raised on every save; tags answers kept in the participant's tab. */
  version: number;
  /** In the order the runner shows them. */
  steps: Step[];
};

// Every submission and every visit of a survey reads it this way.
const surveyByUuid = preparedQuery((db) =>
  db
    .select({
      studyId: surveys.studyId,
      surveyUuid: surveys.surveyUuid,
      steps: surveys.steps,
      version: surveys.version,
      studyName: studies.name,
      status: studies.status,
      closesAt: studies.closesAt,
      responseLimit: studies.responseLimit,
    })
    .from(surveys)
    .innerJoin(studies, eq(studies.id, surveys.studyId))
    .where(eq(surveys.surveyUuid, sql.placeholder("uuid")))
    .limit(1)
    .prepare("survey_by_uuid"),
);

/**
 * The survey behind a public uuid, only while its study is open: 404 code 14 for an unknown
 * uuid, code 20 for a study in any other status (people can take part only while it is open).
 * `anyStatus` is for a signed-in staff member's preview, which works before and after.
 */
export async function loadOpenSurvey(
  surveyUuid: string,
  tx?: DbOrTx,
  { anyStatus = false }: { anyStatus?: boolean } = {},
): Promise<OpenSurvey> {
  const [row] = await surveyByUuid({ uuid: surveyUuid }, tx);
  if (!row) throw new AppError(ErrorCode.NOT_FOUND);
  const status = effectiveStatus(row);
  if (status !== "open" && !anyStatus) throw new AppError(ErrorCode.STUDY_NOT_OPEN);
  // Every write goes through the same schema, so a failure here means a corrupted row (code 13).
  const steps = stepsSchema.parse(row.steps);
  return {
    studyId: row.studyId,
    surveyUuid: row.surveyUuid,
    studyName: row.studyName,
    status,
    responseLimit: row.responseLimit,
    version: row.version,
    steps: sortedSteps(steps),
  };
}
