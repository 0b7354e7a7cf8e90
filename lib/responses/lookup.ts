import "server-only";
import { eq, inArray } from "drizzle-orm";
import { dbOr, type DbOrTx } from "@/db/client";
import { studies, surveyResponses } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { sealedResponseColumns } from "./queries";
import type { OwnResponse } from "./schemas.shared";
import { openAnswers } from "./sealed-answers";
import { responseTokenHashCandidates } from "./token";

export async function lookupResponse(token: string, tx?: DbOrTx): Promise<OwnResponse> {
  const db = await dbOr(tx);
  const [row] = await db
    .select({ ...sealedResponseColumns, studyName: studies.name })
    .from(surveyResponses)
    .innerJoin(studies, eq(studies.id, surveyResponses.studyId))
    .where(inArray(surveyResponses.tokenHash, responseTokenHashCandidates(token)))
    .limit(1);
  if (!row) throw new AppError(ErrorCode.NOT_FOUND);
  return {
    study_name: row.studyName,
    submitted_on: row.submittedOn,
    answers: openAnswers(row),
  };
}

/** Removes the response for good; the token then answers 404 code 14 like any unknown one. */
export async function deleteResponse(token: string, tx?: DbOrTx): Promise<void> {
  const db = await dbOr(tx);
  const deleted = await db
    .delete(surveyResponses)
    .where(inArray(surveyResponses.tokenHash, responseTokenHashCandidates(token)))
    .returning({ id: surveyResponses.id });
  if (deleted.length === 0) throw new AppError(ErrorCode.NOT_FOUND);
}
