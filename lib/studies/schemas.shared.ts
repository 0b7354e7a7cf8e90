import { z } from "zod";

/**
 * The study statuses, in the order of the database enum (db/schema.ts `studyStatus`;
 * a unit test keeps the two equal). Kept here without importing the schema so client components
 * can use it without pulling the database layer into the browser.
 */
export const STUDY_STATUSES = ["not_started", "open", "finished", "invisible"] as const;
export const studyStatusSchema = z.enum(STUDY_STATUSES);
export type StudyStatus = z.infer<typeof studyStatusSchema>;

/** Statuses the public may see: open studies are listed as ongoing, finished ones as finished. */
export const PUBLIC_STUDY_STATUSES = ["open", "finished"] as const satisfies readonly StudyStatus[];
export type PublicStudyStatus = (typeof PUBLIC_STUDY_STATUSES)[number];

export function isPublicStudyStatus(status: StudyStatus): status is PublicStudyStatus {
  return (PUBLIC_STUDY_STATUSES as readonly StudyStatus[]).includes(status);
}

/** A study as the API shows it. The HTML fields are rich text, sanitised on the way out. */
export const studySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  short_description: z.string(),
  description: z.string(),
  status: studyStatusSchema,
  /** Unix seconds. */
  created_at: z.number().int(),
  /** Null only while a study has no survey yet. */
  survey_uuid: z.string().nullable(),
  /** The number of responses at which an open study finishes itself; null: no limit. */
  response_limit: z.number().int().nullable(),
  /** Unix seconds after which an open study is finished; null: no end date. */
  closes_at: z.number().int().nullable(),
  /** Staff only: the responses stored. */
  response_count: z.number().int().optional(),
});
export type StudyDto = z.infer<typeof studySchema>;

/** GET /api/study/open, /api/study/finished (and the admin list): newest first. */
export type StudyList = { items: StudyDto[] };
