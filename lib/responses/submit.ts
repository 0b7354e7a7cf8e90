import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { dbOr, transaction, type DbOrTx, type Tx } from "@/db/client";
import { preparedQuery } from "@/db/prepared";
import { surveyResponses } from "@/db/schema";
import { responsesKeyRing } from "@/lib/crypto/keyring";
import { constantTimeEqual } from "@/lib/crypto/tokens";
import { AppError } from "@/lib/errors/app-error";
import { ErrorCode } from "@/lib/errors/codes.shared";
import type { LimitsInStatement } from "@/lib/rate-limit/in-statement";
import type { Answer, SubmitResult } from "@/lib/surveys/answers.shared";
import { countResponses, effectiveStatus, finishOpenStudy, lockStudy } from "@/lib/studies/closing";
import { loadOpenSurvey } from "@/lib/surveys/load";
import { markShownQuestions } from "@/lib/surveys/questions";
import { validateSubmission } from "@/lib/surveys/validation.shared";
import { sealedResponseRow } from "./sealed-answers";
import { deriveSubmission, type SubmissionDerivation } from "./submission";
import { newResponseToken, responseTokenHash } from "./token";

// A retry whose first row is deleted (by its token) between our insert and our read tries again;
// more than a couple of rounds would mean something else is wrong.
const MAX_ROUNDS = 3;

// The columns every new response row is given (see sealedResponseRow), as placeholders. Every
// column of a sealed row must have one (checked by the type), or a column added there later
// would be left out of the prepared inserts without a word.
const rowPlaceholders = {
  id: sql.placeholder("id"),
  studyId: sql.placeholder("studyId"),
  answers: sql.placeholder("answers"),
  version: sql.placeholder("version"),
  keyId: sql.placeholder("keyId"),
  tokenHash: sql.placeholder("tokenHash"),
} satisfies Record<keyof SealedRow | "tokenHash", unknown>;

// The two inserts of a submission outside a response limit: without a submission id, and with
// one (a retry collides on either unique index and inserts nothing).
const insertResponse = preparedQuery((db) =>
  db.insert(surveyResponses).values(rowPlaceholders).prepare("insert_response"),
);
const insertSubmission = preparedQuery((db) =>
  db
    .insert(surveyResponses)
    .values({
      ...rowPlaceholders,
      submissionHash: sql.placeholder("submissionHash"),
      answersHash: sql.placeholder("answersHash"),
    })
    .onConflictDoNothing()
    .returning({ id: surveyResponses.id })
    .prepare("insert_submission"),
);

/** The answers hash stored under a submission hash in this study, or undefined for none. */
async function storedAnswersHash(
  db: DbOrTx,
  studyId: number,
  submissionHash: string,
): Promise<string | null | undefined> {
  const [first] = await db
    .select({ answersHash: surveyResponses.answersHash })
    .from(surveyResponses)
    .where(
      and(eq(surveyResponses.studyId, studyId), eq(surveyResponses.submissionHash, submissionHash)),
    )
    .limit(1);
  return first ? first.answersHash : undefined;
}

/**
 * A retry's answer: the same token when the answers are the same (as sent, or as the survey
 * keeps them: see `keptAnswersHashes`), code 28 otherwise.
 */
function retryResult(stored: string | null, derived: SubmissionDerivation): SubmitResult {
  const same =
    stored !== null &&
    (constantTimeEqual(stored, derived.answersHash) ||
      derived.keptAnswersHashes().some((hash) => constantTimeEqual(stored, hash)));
  if (!same) throw new AppError(ErrorCode.ALREADY_SUBMITTED);
  return { token: derived.token };
}

type SealedRow = ReturnType<typeof sealedResponseRow>;

/**
 * The store of a study with a response limit, in one transaction holding the study row: a
 * retry of a stored submission answers its token; a study no longer open, or one already at its
 * limit (finished here if still open), answers "closed"; otherwise the row is stored and the
 * submission that reaches the limit finishes the study. Parallel submissions queue at the row
 * lock, so never more than the limit is stored.
 */
async function storeWithinLimit(
  t: Tx,
  studyId: number,
  row: SealedRow,
  derived: SubmissionDerivation | null,
): Promise<SubmitResult | "closed"> {
  const study = await lockStudy(studyId, t);
  if (derived) {
    const stored = await storedAnswersHash(t, studyId, derived.submissionHash);
    if (stored !== undefined) return retryResult(stored, derived);
  }
  if (!study || effectiveStatus(study) !== "open") return "closed";
  const limit = study.responseLimit;
  const stored = limit === null ? 0 : await countResponses(studyId, t);
  if (limit !== null && stored >= limit) {
    await finishOpenStudy(studyId, t);
    return "closed";
  }
  const key = responsesKeyRing().current;
  const token = derived ? derived.token : newResponseToken().token;
  await t.insert(surveyResponses).values({
    ...row,
    tokenHash: responseTokenHash(token, key),
    ...(derived
      ? { submissionHash: derived.submissionHash, answersHash: derived.answersHash }
      : {}),
  });
  if (limit !== null && stored + 1 >= limit) await finishOpenStudy(studyId, t);
  return { token };
}

/**
 * Stores one anonymous response and returns its token, the only time it exists in plain text.
 * The row holds the study, the token's hash, the date (no time of day) and the sealed answers:
 * nothing about who or which browser sent it.
 *
 * The server decides the path: from the answers, in the survey's order, it works out which
 * steps and blocks the participant was shown (lib/surveys/path.shared.ts, the runner's function).
 * Answers to blocks not shown are dropped before sealing, required applies only to shown blocks,
 * and the data names of the questions shown are sealed with the answers.
 *
 * With a `submissionId` (the runner's random id for this filling-in of the survey) a retried
 * request is the same submission: it stores nothing new and answers the same token, derived
 * from the id, while the same id with other answers is refused with code 28. The retry is
 * recognised before the study's status is checked, so the submission that took the last place
 * before the study closed still gets its token. Parallel retries meet at the unique (study,
 * submission hash) constraint; whoever loses reads the winner's row.
 *
 * With `asked` (what each answer's question asked when it was answered), an answer to a question
 * staff reworded meanwhile is refused (code 22), so nothing is stored under words the participant
 * never saw; the runner then takes the survey up in its new form. So is a submission whose
 * `shown` (the questions the runner showed) is not the path the survey takes now.
 *
 * A study with a `response_limit` is written under a lock on its row (`storeWithinLimit`), so
 * the submission that reaches the limit finishes the study in its own transaction and the rest
 * are answered code 20.
 */
export async function submitResponse(
  surveyUuid: string,
  answers: Answer[],
  submissionId?: string,
  tx?: DbOrTx,
  limits?: LimitsInStatement,
  asked?: readonly string[],
  shown?: readonly string[],
): Promise<SubmitResult> {
  // The request's rate limits are counted by this first read (lib/rate-limit/in-statement.ts).
  const survey = await loadOpenSurvey(surveyUuid, tx, { anyStatus: true, limits });
  const db = await dbOr(tx);
  const key = responsesKeyRing().current;
  const open = survey.status === "open";
  const checked = validateSubmission(survey.steps, answers, asked, shown);
  const derived =
    submissionId === undefined
      ? null
      : deriveSubmission(
          survey.studyId,
          submissionId,
          { sent: answers, kept: checked.ok ? checked.answers : undefined },
          key,
        );

  // A retry of a submission stored before RESPONSES_KEY was rotated: found under the key it was
  // stored with, and answered with the token that key derives (the one its lost reply held).
  if (submissionId !== undefined) {
    const kept = checked.ok ? checked.answers : undefined;
    for (const previous of responsesKeyRing().all.slice(1)) {
      const earlier = deriveSubmission(
        survey.studyId,
        submissionId,
        { sent: answers, kept },
        previous,
      );
      const stored = await storedAnswersHash(db, survey.studyId, earlier.submissionHash);
      if (stored !== undefined) return retryResult(stored, earlier);
    }
  }

  if (!open || !checked.ok) {
    // A retry of a stored submission gets its token whatever happened since: the study closed,
    // or staff changed the survey so that the answers would no longer pass it.
    const stored = derived
      ? await storedAnswersHash(db, survey.studyId, derived.submissionHash)
      : undefined;
    if (derived && stored !== undefined) return retryResult(stored, derived);
    if (!open) throw new AppError(ErrorCode.STUDY_NOT_OPEN);
    if (!checked.ok) throw new AppError(ErrorCode.INVALID_INPUT, { fields: checked.fields });
  }
  // The id is made here, not by the database, because the ciphertext is bound to it.
  const row = sealedResponseRow(survey.studyId, checked.answers, checked.shown);
  // Before the store: a question shown to a stored response must keep its export column.
  await markShownQuestions(survey.studyId, checked.shown, tx, survey.version);

  if (survey.responseLimit !== null) {
    const outcome = await transaction(tx, (t) => storeWithinLimit(t, survey.studyId, row, derived));
    if (outcome === "closed") throw new AppError(ErrorCode.STUDY_NOT_OPEN);
    return outcome;
  }

  if (derived === null) {
    const { token, hash } = newResponseToken();
    await insertResponse({ ...row, tokenHash: hash }, tx);
    return { token };
  }

  for (let round = 0; round < MAX_ROUNDS; round++) {
    // No conflict target: the token hash is derived from the id as well, so a parallel retry
    // may collide on either unique index, and both mean "already stored".
    const inserted = await insertSubmission(
      {
        ...row,
        tokenHash: responseTokenHash(derived.token, key),
        submissionHash: derived.submissionHash,
        answersHash: derived.answersHash,
      },
      tx,
    );
    if (inserted.length > 0) return { token: derived.token };
    const stored = await storedAnswersHash(db, survey.studyId, derived.submissionHash);
    if (stored !== undefined) return retryResult(stored, derived);
  }
  throw new Error("Submission kept conflicting without a row to compare with");
}
