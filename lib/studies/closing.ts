import "server-only";
import { and, count, eq, gt, isNotNull, isNull, lte, or, type SQL } from "drizzle-orm";
import { dbOr, type DbOrTx } from "@/db/client";
import { studies, surveyResponses } from "@/db/schema";
import { unixSeconds } from "@/lib/time/unix.shared";
import { revalidatePublicStudyLists } from "./public-lists";
import type { StudyStatus } from "./schemas.shared";

export { effectiveStatus, isPastClosing } from "@/lib/time/closing.shared";

/**
 * A study's sample size and end date (`response_limit`, `closes_at`). Only an open study is
 * finished by them. The end date needs nobody to act: a study past it reads as finished
 * everywhere (`effectiveStatus`, `effectiveStatusIn`), and the scheduled housekeeping stores the
 * status (`finishClosedStudies`). The limit is kept by the submission that reaches it, in its
 * own transaction (lib/responses/submit.ts). Neither touches `updated_at`: the automatic finish
 * stores no time of day, so it tells nothing about when the last response came in.
 */

/** SQL: the study's effective status is one of `statuses`. */
export function effectiveStatusIn(statuses: readonly StudyStatus[], now = new Date()): SQL {
  const t = unixSeconds(now);
  const past = and(
    eq(studies.status, "open"),
    isNotNull(studies.closesAt),
    lte(studies.closesAt, t),
  );
  const parts = statuses.map((status) => {
    if (status === "open")
      return and(eq(studies.status, "open"), or(isNull(studies.closesAt), gt(studies.closesAt, t)));
    if (status === "finished") return or(eq(studies.status, "finished"), past);
    return eq(studies.status, status);
  });
  return or(...parts) ?? eq(studies.id, -1);
}

/** Stores `finished` for every open study past its end date (the scheduled housekeeping). */
export async function finishClosedStudies(now = new Date(), tx?: DbOrTx): Promise<number> {
  const db = await dbOr(tx);
  const done = await db
    .update(studies)
    .set({ status: "finished" })
    .where(
      and(
        eq(studies.status, "open"),
        isNotNull(studies.closesAt),
        lte(studies.closesAt, unixSeconds(now)),
      ),
    )
    .returning({ id: studies.id });
  if (done.length > 0) revalidatePublicStudyLists();
  return done.length;
}

/**
 * Finishes a study that is still open (the limit was reached), without a time of day, and has
 * /research rendered again (when the request ends, after the caller's transaction commits).
 */
export async function finishOpenStudy(studyId: number, tx: DbOrTx): Promise<void> {
  const done = await tx
    .update(studies)
    .set({ status: "finished" })
    .where(and(eq(studies.id, studyId), eq(studies.status, "open")))
    .returning({ id: studies.id });
  if (done.length > 0) revalidatePublicStudyLists();
}

/** What decides whether a study takes responses: its status, end date and limit. */
const openingColumns = {
  status: studies.status,
  closesAt: studies.closesAt,
  responseLimit: studies.responseLimit,
};
export type LockedStudy = Pick<typeof studies.$inferSelect, keyof typeof openingColumns>;

/**
 * Locks the study's row until the transaction `tx` ends and answers its status, end date and
 * limit; undefined when there is no such study. A submission near the limit, opening the study,
 * changing its status and deleting it all take this lock first, so they happen one at a time.
 */
export async function lockStudy(studyId: number, tx: DbOrTx): Promise<LockedStudy | undefined> {
  const [row] = await tx
    .select(openingColumns)
    .from(studies)
    .where(eq(studies.id, studyId))
    .for("update");
  return row;
}

export async function countResponses(studyId: number, tx?: DbOrTx): Promise<number> {
  const db = await dbOr(tx);
  const [row] = await db
    .select({ n: count() })
    .from(surveyResponses)
    .where(eq(surveyResponses.studyId, studyId));
  return row?.n ?? 0;
}

/** Responses per study, for the staff list. */
export async function responseCounts(tx?: DbOrTx): Promise<Map<number, number>> {
  const db = await dbOr(tx);
  const rows = await db
    .select({ studyId: surveyResponses.studyId, n: count() })
    .from(surveyResponses)
    .groupBy(surveyResponses.studyId);
  return new Map(rows.map((r) => [r.studyId, r.n]));
}
