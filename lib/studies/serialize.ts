import "server-only";
import type { Study } from "@/db/schema";
import { unixSeconds } from "@/lib/time/unix.shared";
import { effectiveStatus } from "./closing";
import type { StudyDto } from "./schemas.shared";

/** A study row with the uuid of its survey (from the surveys table), as the queries return it. */
export type StudyRow = Study & { surveyUuid: string | null };

/**
 * Row → API shape (snake_case, created_at in unix seconds). Fields not in the API stay out. The
 * status is the one everyone sees: an open study past `closes_at` is finished. `responseCount`
 * is given for staff only.
 */
export function toStudyDto(row: StudyRow, responseCount?: number): StudyDto {
  return {
    id: row.id,
    name: row.name,
    short_description: row.shortDescription,
    description: row.description,
    status: effectiveStatus(row),
    created_at: unixSeconds(row.createdAt),
    survey_uuid: row.surveyUuid,
    response_limit: row.responseLimit,
    closes_at: row.closesAt,
    ...(responseCount === undefined ? {} : { response_count: responseCount }),
  };
}
