import "server-only";
import { and, asc, eq, gt } from "drizzle-orm";
import { dbOr, type DbOrTx } from "@/db/client";
import { surveyResponses } from "@/db/schema";
import type { StoredAnswer } from "@/lib/surveys/answers.shared";
import { sealedResponseColumns } from "./queries";
import { openResponse } from "./sealed-answers";

export type DecryptedResponse = {
  id: string;
  /** YYYY-MM-DD */
  submittedOn: string;
  answers: StoredAnswer[];
  /** The data names of the questions shown, when the response was sealed with them. */
  shown?: string[];
};

/**
 * Every response of a study, decrypted, for the staff export, one page at a time. Read by id
 * (keyset on the (study_id, id) index, no OFFSET) so memory stays flat however many responses
 * there are and each page costs the same; the order is the random id's, which says nothing
 * about when a response came in. Each page is a separate short query, so other requests are
 * served between pages.
 */
export async function* studyResponsePages(
  studyId: number,
  { pageSize = 500 }: { pageSize?: number } = {},
  tx?: DbOrTx,
): AsyncGenerator<DecryptedResponse[]> {
  const db = await dbOr(tx);
  let after: string | undefined;
  for (;;) {
    const rows = await db
      .select(sealedResponseColumns)
      .from(surveyResponses)
      .where(
        after
          ? and(eq(surveyResponses.studyId, studyId), gt(surveyResponses.id, after))
          : eq(surveyResponses.studyId, studyId),
      )
      .orderBy(asc(surveyResponses.id))
      .limit(pageSize);
    if (rows.length > 0) {
      yield rows.map((row) => ({
        id: row.id,
        submittedOn: row.submittedOn,
        ...openResponse(row),
      }));
    }
    if (rows.length < pageSize) return;
    after = rows[rows.length - 1].id;
  }
}

/** The same responses one by one. */
export async function* studyResponses(
  studyId: number,
  options: { pageSize?: number } = {},
): AsyncGenerator<DecryptedResponse> {
  for await (const page of studyResponsePages(studyId, options)) yield* page;
}
