import "server-only";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { AppError } from "@/lib/errors/app-error";
import { effectiveStatus } from "./closing";
import { findStudy } from "./queries";
import { isPublicStudyStatus } from "./schemas.shared";
import type { StudyRow } from "./serialize";

export type StudyViewer = { staff: boolean };

/**
 * The study when the viewer may see it: open and finished studies for everyone, any study for
 * staff. Otherwise 404 code 14, exactly as for a missing one, so hidden studies are not revealed.
 */
export async function findVisibleStudy(id: number, viewer: StudyViewer): Promise<StudyRow> {
  const row = await findStudy(id);
  if (!row || (!viewer.staff && !isPublicStudyStatus(effectiveStatus(row)))) {
    throw new AppError(ErrorCode.NOT_FOUND);
  }
  return row;
}
