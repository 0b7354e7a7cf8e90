import { ErrorCode } from "@/lib/http/error-codes";
import { AppError } from "@/lib/http/errors";
import { findStudy, listStudies } from "./queries";
import { isPublicStudyStatus, type PublicStudyStatus, type StudyDto, type StudyList } from "./schemas";
import { toStudyDto } from "./serialize";

/**
 * GET /api/study/open and /api/study/finished. The HTML fields are returned as stored: they are
 * sanitised when written and again by the page that shows them, so the API never alters content.
 */
export async function listPublicStudies(status: PublicStudyStatus): Promise<StudyList> {
  const rows = await listStudies({ statuses: [status] });
  return { items: rows.map(toStudyDto) };
}

/**
 * GET /api/study/{id}: open and finished studies for everyone, any study for signed-in staff.
 * A study the caller may not see answers exactly like a missing one (404 code 14), so the public
 * cannot learn which ids exist.
 */
export async function readStudy(id: number, viewer: { staff: boolean }): Promise<StudyDto> {
  const row = await findStudy(id);
  if (!row || (!viewer.staff && !isPublicStudyStatus(row.status))) {
    throw new AppError(ErrorCode.NOT_FOUND);
  }
  return toStudyDto(row);
}
