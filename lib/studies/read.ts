import "server-only";
import { AppError } from "@/lib/errors/app-error";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { sanitizeRichText } from "@/lib/rich-text/sanitize";
import { findStudy, listStudies } from "./queries";
import {
  isPublicStudyStatus,
  type PublicStudyStatus,
  type StudyDto,
  type StudyList,
} from "./schemas.shared";
import { countResponses, effectiveStatus } from "./closing";
import { toStudyDto, type StudyRow } from "./serialize";

/**
 * A study as these calls answer it. The HTML fields are sanitised on the way out, whatever was
 * stored, so the pages that show them can render them as they come and need no sanitiser of
 * their own in the browser.
 */
function toSafeStudyDto(row: StudyRow, responseCount?: number): StudyDto {
  const dto = toStudyDto(row, responseCount);
  return {
    ...dto,
    short_description: sanitizeRichText(dto.short_description),
    description: sanitizeRichText(dto.description),
  };
}

/** GET /api/study/open and /api/study/finished. */
export async function listPublicStudies(status: PublicStudyStatus): Promise<StudyList> {
  const rows = await listStudies({ statuses: [status] });
  return { items: rows.map((row) => toSafeStudyDto(row)) };
}

/**
 * GET /api/study/{id}: open and finished studies for everyone, any study for signed-in staff.
 * A study the caller may not see answers exactly like a missing one (not found), so the public
 * cannot learn which ids exist.
 */
export async function readStudy(id: number, viewer: { staff: boolean }): Promise<StudyDto> {
  const row = await findStudy(id);
  if (!row || (!viewer.staff && !isPublicStudyStatus(effectiveStatus(row)))) {
    throw new AppError(ErrorCode.NOT_FOUND);
  }
  return toSafeStudyDto(row, viewer.staff ? await countResponses(id) : undefined);
}
