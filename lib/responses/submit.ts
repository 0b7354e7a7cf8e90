import "server-only";
import { and, eq } from "drizzle-orm";
import { dbOr, type DbOrTx } from "@/db/client";
import { surveyResponses } from "@/db/schema";
import { responsesKeyRing } from "@/lib/crypto/keyring";
import { constantTimeEqual } from "@/lib/crypto/tokens";
import { AppError } from "@/lib/errors/app-error";
import { ErrorCode } from "@/lib/errors/codes";
import type { Answer, SubmitResult } from "@/lib/surveys/answers";
import { loadOpenSurvey } from "@/lib/surveys/load";
import { validateSubmission } from "@/lib/surveys/validation";
import { sealedResponseRow } from "./sealed-answers";
import { deriveSubmission } from "./submission";
import { newResponseToken, responseTokenHash } from "./token";

// A retry whose first row is deleted (by its token) between our insert and our read tries again;
// more than a couple of rounds would mean something else is wrong.
const MAX_ROUNDS = 3;

/**
 * Stores one anonymous response and returns its token, the only time it exists in plain text.
 * The row holds the study, the token's hash, the date (no time of day) and the sealed answers:
 * nothing about who or which browser sent it.
 *
 * With a `submissionId` (the runner's random id for this filling-in of the survey) a retried
 * request is the same submission: it stores nothing new and answers the same token, derived
 * from the id, while the same id with other answers is refused with code 28. Parallel retries
 * meet at the unique (study, submission hash) constraint; whoever loses reads the winner's row.
 */
export async function submitResponse(
  surveyUuid: string,
  answers: Answer[],
  submissionId?: string,
  tx?: DbOrTx,
): Promise<SubmitResult> {
  const survey = await loadOpenSurvey(surveyUuid, tx);
  const checked = validateSubmission(survey.steps, answers);
  if (!checked.ok) throw new AppError(ErrorCode.INVALID_INPUT, { fields: checked.fields });
  const db = await dbOr(tx);
  // The id is made here, not by the database, because the ciphertext is bound to it.
  const row = sealedResponseRow(survey.studyId, checked.answers);
  const key = responsesKeyRing().current;

  if (submissionId === undefined) {
    const { token, hash } = newResponseToken();
    await db.insert(surveyResponses).values({ ...row, tokenHash: hash });
    return { token };
  }

  const derived = deriveSubmission(survey.studyId, submissionId, checked.answers, key);
  for (let round = 0; round < MAX_ROUNDS; round++) {
    // No conflict target: the token hash is derived from the id as well, so a parallel retry
    // may collide on either unique index, and both mean "already stored".
    const inserted = await db
      .insert(surveyResponses)
      .values({
        ...row,
        tokenHash: responseTokenHash(derived.token, key),
        submissionHash: derived.submissionHash,
        answersHash: derived.answersHash,
      })
      .onConflictDoNothing()
      .returning({ id: surveyResponses.id });
    if (inserted.length > 0) return { token: derived.token };

    const [first] = await db
      .select({ answersHash: surveyResponses.answersHash })
      .from(surveyResponses)
      .where(
        and(
          eq(surveyResponses.studyId, survey.studyId),
          eq(surveyResponses.submissionHash, derived.submissionHash),
        ),
      )
      .limit(1);
    if (!first) continue;
    if (!first.answersHash || !constantTimeEqual(first.answersHash, derived.answersHash))
      throw new AppError(ErrorCode.ALREADY_SUBMITTED);
    return { token: derived.token };
  }
  throw new Error("Submission kept conflicting without a row to compare with");
}
