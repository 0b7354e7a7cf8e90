import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { studies, surveyResponses } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { ErrorCode } from "@/lib/errors/codes";
import type { OwnResponse } from "./schemas";
import { openAnswers } from "./sealed-answers";
import { responseTokenHash } from "./token";

export async function lookupResponse(token: string): Promise<OwnResponse> {
  const db = await getDb();
  const [row] = await db
    .select({
      studyId: surveyResponses.studyId,
      submittedOn: surveyResponses.submittedOn,
      answers: surveyResponses.answers,
      studyName: studies.name,
    })
    .from(surveyResponses)
    .innerJoin(studies, eq(studies.id, surveyResponses.studyId))
    .where(eq(surveyResponses.tokenHash, responseTokenHash(token)))
    .limit(1);
  if (!row) throw new AppError(ErrorCode.NOT_FOUND);
  return {
    study_name: row.studyName,
    submitted_on: row.submittedOn,
    answers: openAnswers(row.studyId, row.answers),
  };
}

/** Removes the response for good; the token then answers 404 code 14 like any unknown one. */
export async function deleteResponse(token: string): Promise<void> {
  const db = await getDb();
  const deleted = await db
    .delete(surveyResponses)
    .where(eq(surveyResponses.tokenHash, responseTokenHash(token)))
    .returning({ id: surveyResponses.id });
  if (deleted.length === 0) throw new AppError(ErrorCode.NOT_FOUND);
}
