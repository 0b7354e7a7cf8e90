import "server-only";
import { dbOr, type DbOrTx } from "@/db/client";
import { surveyResponses } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { ErrorCode } from "@/lib/errors/codes";
import type { Answer, SubmitResult } from "@/lib/surveys/answers";
import { loadOpenSurvey } from "@/lib/surveys/load";
import { validateSubmission } from "@/lib/surveys/validation";
import { sealAnswers } from "./sealed-answers";
import { newResponseToken } from "./token";

/**
 * Stores one anonymous response and returns its token, the only time it exists in plain text.
 * The row holds the study, the token's hash, the date (no time of day) and the sealed answers:
 * nothing about who or which browser sent it.
 */
export async function submitResponse(
  surveyUuid: string,
  answers: Answer[],
  tx?: DbOrTx,
): Promise<SubmitResult> {
  const survey = await loadOpenSurvey(surveyUuid, tx);
  const checked = validateSubmission(survey.steps, answers);
  if (!checked.ok) throw new AppError(ErrorCode.INVALID_INPUT, { fields: checked.fields });
  const { token, hash } = newResponseToken();
  const db = await dbOr(tx);
  await db.insert(surveyResponses).values({
    studyId: survey.studyId,
    tokenHash: hash,
    answers: sealAnswers(survey.studyId, checked.answers),
  });
  return { token };
}
