import "server-only";
import { and, asc, eq, gt } from "drizzle-orm";
import { getDb } from "@/db/client";
import { surveyResponses } from "@/db/schema";
import type { StoredAnswer } from "@/lib/surveys/answers";
import { openAnswers } from "./sealed-answers";

export type DecryptedResponse = {
  id: string;
  /** YYYY-MM-DD */
  submittedOn: string;
  answers: StoredAnswer[];
};

/**
 * Every response of a study, decrypted, for the staff export. Read in pages by id (keyset, no
 * OFFSET) so memory stays flat however many responses there are; the order is the random id's,
 * which says nothing about when a response came in.
 */
export async function* studyResponses(
  studyId: number,
  { pageSize = 500 }: { pageSize?: number } = {},
): AsyncGenerator<DecryptedResponse> {
  const db = await getDb();
  let after: string | undefined;
  for (;;) {
    const rows = await db
      .select({
        id: surveyResponses.id,
        studyId: surveyResponses.studyId,
        version: surveyResponses.version,
        keyId: surveyResponses.keyId,
        submittedOn: surveyResponses.submittedOn,
        answers: surveyResponses.answers,
      })
      .from(surveyResponses)
      .where(
        after
          ? and(eq(surveyResponses.studyId, studyId), gt(surveyResponses.id, after))
          : eq(surveyResponses.studyId, studyId),
      )
      .orderBy(asc(surveyResponses.id))
      .limit(pageSize);
    for (const row of rows) {
      yield {
        id: row.id,
        submittedOn: row.submittedOn,
        answers: openAnswers(row),
      };
    }
    if (rows.length < pageSize) return;
    after = rows[rows.length - 1].id;
  }
}
