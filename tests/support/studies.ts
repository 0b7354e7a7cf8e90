import { getDb } from "@/db/client";
import { studies, surveys, type Study } from "@/db/schema";
import type { StudyStatus } from "@/lib/studies/schemas.shared";

export type InsertedStudy = Study & { surveyUuid: string | null };

/** Inserts a study (with a survey unless told otherwise) straight into the database. */
export async function insertStudy(o: {
  name: string;
  status: StudyStatus;
  createdAt?: Date;
  shortDescription?: string;
  description?: string;
  withSurvey?: boolean;
}): Promise<InsertedStudy> {
  const db = await getDb();
  const [study] = await db
    .insert(studies)
    .values({
      name: o.name,
      status: o.status,
      shortDescription: o.shortDescription ?? `<p>${o.name} in short</p>`,
      description: o.description ?? `<p>All about ${o.name}</p>`,
      ...(o.createdAt ? { createdAt: o.createdAt } : {}),
    })
    .returning();
  if (o.withSurvey === false) return { ...study, surveyUuid: null };
  const [survey] = await db.insert(surveys).values({ studyId: study.id }).returning();
  return { ...study, surveyUuid: survey.surveyUuid };
}

/** A time `days` days before a fixed moment, so orderings do not depend on insertion speed. */
export function daysAgo(days: number): Date {
  return new Date(Date.UTC(2025, 0, 31, 12, 0, 0) - days * 86_400_000);
}
