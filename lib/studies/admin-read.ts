import "server-only";
import { responseCounts } from "./closing";
import { listStudies } from "./queries";
import type { StudyList } from "./schemas.shared";
import { toStudyDto } from "./serialize";

/** GET /api/study (staff): every study in every status, newest first, with its response count. */
export async function listAllStudies(): Promise<StudyList> {
  const [rows, counts] = await Promise.all([listStudies(), responseCounts()]);
  return { items: rows.map((row) => toStudyDto(row, counts.get(row.id) ?? 0)) };
}
