import "server-only";
import { count, eq, sql } from "drizzle-orm";
import { dbOr, transaction, type DbOrTx } from "@/db/client";
import { surveyResponses, surveys } from "@/db/schema";
import { AppError, invalidField } from "@/lib/errors/app-error";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { sortAndRenumber } from "./editor-rules.shared";
import type { EditorSurvey, SaveSurveyInput } from "./editor-schemas.shared";
import { withIds, withStoredIds } from "./ids.shared";
import { recordQuestions } from "./questions";
import { sanitizeSteps } from "./sanitize";
import { MAX_TEXT_CONTENT, stepsSchema, type Step } from "./schema.shared";
import { surveyProblemMessages } from "./survey-problems.shared";

async function responseCount(db: DbOrTx, studyId: number): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(surveyResponses)
    .where(eq(surveyResponses.studyId, studyId));
  return n;
}

/**
 * Sanitising can lengthen a text (`&` written as `&amp;`, an open tag closed), so the limit the
 * schema checked on the way in is checked again on what is stored: a text over it would make
 * every later read of the survey fail (editor, public page, export), with no way to mend it on
 * screen. 400 code 22 `text_too_long` at the block's content, as the editor's own rule says.
 */
function assertTextsFit(steps: readonly Step[]): void {
  steps.forEach((step, s) =>
    step.blocks.forEach((block, b) => {
      if (block.type === "text" && block.content.length > MAX_TEXT_CONTENT) {
        throw invalidField(`steps.${s}.blocks.${b}.content`, surveyProblemMessages.text_too_long);
      }
    }),
  );
}

/**
 * Stored steps as the editor gets them: in order, with ids (derived from positions for a survey
 * stored before it had them), text blocks sanitised (again) on the way out.
 */
function storedSteps(value: unknown): Step[] {
  // Every write goes through the shared schema, so a failure here is a corrupted row (code 13).
  return sanitizeSteps(withStoredIds(sortAndRenumber(stepsSchema.parse(value))));
}

/** GET /api/study/{id}/survey (staff): the survey with its version; 404 code 14 if missing. */
export async function getEditorSurvey(studyId: number, tx?: DbOrTx): Promise<EditorSurvey> {
  const db = await dbOr(tx);
  const [row] = await db
    .select({
      surveyUuid: surveys.surveyUuid,
      steps: surveys.steps,
      version: surveys.version,
    })
    .from(surveys)
    .where(eq(surveys.studyId, studyId))
    .limit(1);
  if (!row) throw new AppError(ErrorCode.NOT_FOUND);
  return {
    study_id: studyId,
    survey_uuid: row.surveyUuid,
    steps: storedSteps(row.steps),
    version: row.version,
    response_count: await responseCount(db, studyId),
  };
}

/** GET /api/study/{id}/survey/version (staff): `{version}` only; 404 code 14 if missing. */
export async function getSurveyVersion(studyId: number, tx?: DbOrTx): Promise<{ version: number }> {
  const db = await dbOr(tx);
  const [row] = await db
    .select({ version: surveys.version })
    .from(surveys)
    .where(eq(surveys.studyId, studyId))
    .limit(1);
  if (!row) throw new AppError(ErrorCode.NOT_FOUND);
  return { version: row.version };
}

function mismatch(field: "study_id" | "survey_uuid"): AppError {
  const what = field === "study_id" ? "study" : "survey";
  return invalidField(field, `This is not the ${what} being saved`);
}

/**
 * PUT /api/study/{id}/survey (staff). In one transaction that locks the survey row: the body
 * must name this study and its survey (code 22 otherwise; the uuid never changes), and a
 * `version` other than the stored one is refused with code 27, changing nothing, so of two
 * saves based on the same version exactly one succeeds. Without a version the save wins. The
 * steps are put in order and numbered from 0, given ids where missing, text blocks sanitised, the survey's list of
 * questions extended (for the export), and the version raised by one.
 */
export async function saveSurvey(
  studyId: number,
  input: SaveSurveyInput,
  tx?: DbOrTx,
): Promise<EditorSurvey> {
  return transaction(tx, async (t) => {
    const [row] = await t
      .select({
        id: surveys.id,
        surveyUuid: surveys.surveyUuid,
        steps: surveys.steps,
        version: surveys.version,
      })
      .from(surveys)
      .where(eq(surveys.studyId, studyId))
      .for("update");
    if (!row) throw new AppError(ErrorCode.NOT_FOUND);
    if (input.study_id !== studyId) throw mismatch("study_id");
    if (input.survey_uuid !== row.surveyUuid) throw mismatch("survey_uuid");
    if (input.version !== undefined && input.version !== row.version) {
      throw new AppError(ErrorCode.CHANGED_ELSEWHERE);
    }

    // Sanitised first, in the order sent, so a refusal names the field as the editor has it.
    const sanitized = sanitizeSteps(input.steps);
    assertTextsFit(sanitized);
    // A step or block sent without an id (the spec's payload has none) gets a new one.
    const steps = withIds(sortAndRenumber(sanitized));
    const previous = stepsSchema.safeParse(row.steps);
    await recordQuestions(t, row.id, previous.success ? sortAndRenumber(previous.data) : [], steps);
    const [saved] = await t
      .update(surveys)
      .set({ steps, version: sql`${surveys.version} + 1`, updatedAt: sql`now()` })
      .where(eq(surveys.id, row.id))
      .returning({ version: surveys.version });
    return {
      study_id: studyId,
      survey_uuid: row.surveyUuid,
      steps,
      version: saved.version,
      response_count: await responseCount(t, studyId),
    };
  });
}
