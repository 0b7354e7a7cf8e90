import "server-only";
import { listStudies } from "./queries";
import type { StudyList } from "./schemas";
import { toStudyDto } from "./serialize";

/** GET /api/study (staff): every study in every status, newest first. */
export async function listAllStudies(): Promise<StudyList> {
  const rows = await listStudies();
  return { items: rows.map(toStudyDto) };
}
