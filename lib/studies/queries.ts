import "server-only";
import { desc, eq, getTableColumns } from "drizzle-orm";
import { dbOr, getDb, type DbOrTx } from "@/db/client";
import { studies, surveys } from "@/db/schema";
import { effectiveStatusIn } from "./closing";
import type { StudyStatus } from "./schemas.shared";
import type { StudyRow } from "./serialize";

const studyWithSurvey = { ...getTableColumns(studies), surveyUuid: surveys.surveyUuid };

function selectStudies(db: DbOrTx) {
  return db
    .select(studyWithSurvey)
    .from(studies)
    .leftJoin(surveys, eq(surveys.studyId, studies.id));
}

/**
 * Studies newest first (ties broken by id, so the order is stable), optionally only those in the
 * given statuses as everyone sees them (an open study past its end date is finished). Served by
 * the (status, created_at) index.
 */
export async function listStudies(
  filter: { statuses?: readonly StudyStatus[] } = {},
): Promise<StudyRow[]> {
  const db = await getDb();
  const query = selectStudies(db);
  const filtered = filter.statuses ? query.where(effectiveStatusIn(filter.statuses)) : query;
  return filtered.orderBy(desc(studies.createdAt), desc(studies.id));
}

/** A study with its survey's uuid; inside `tx` when given, so a transaction sees its own writes. */
export async function findStudy(id: number, tx?: DbOrTx): Promise<StudyRow | null> {
  const db = await dbOr(tx);
  const [row] = await selectStudies(db).where(eq(studies.id, id)).limit(1);
  return row ?? null;
}
