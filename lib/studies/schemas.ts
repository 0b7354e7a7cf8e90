import { z } from "zod";

/**
 * The study statuses of spec §4, in the order of the database enum (db/schema.ts `studyStatus`;
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

const MAX_ID = 2_147_483_647;

/** A study id from a path segment: digits only (no "1e3", " 1" or "0x10"), within the serial range. */
export const studyIdSchema = z
  .string()
  .regex(/^\d{1,10}$/, "Expected a study id")
  .transform(Number)
  .pipe(z.number().int().min(1).max(MAX_ID));

/** Route parameters of /api/study/{id}. */
export const studyParamsSchema = z.object({ id: studyIdSchema });

/** A study as the API shows it (DESIGN §4). The HTML fields are the stored rich text. */
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
});
export type StudyDto = z.infer<typeof studySchema>;

/** GET /api/study/open, /api/study/finished (and the admin list): newest first. */
export type StudyList = { items: StudyDto[] };
