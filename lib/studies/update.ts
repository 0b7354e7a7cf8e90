import "server-only";
import { eq, sql } from "drizzle-orm";
import { studies } from "@/db/schema";
import { transaction, type DbOrTx } from "@/db/client";
import { recordAudit, type AuditActor } from "@/lib/audit/record";
import { ErrorCode } from "@/lib/errors/codes";
import { AppError } from "@/lib/errors/app-error";
import { sanitizeRichText } from "@/lib/rich-text/sanitize";
import type { UpdateStudyInput } from "./admin-schemas";
import { findStudy } from "./queries";
import type { StudyDto } from "./schemas";
import { toStudyDto } from "./serialize";

type StudyChanges = Partial<
  Pick<typeof studies.$inferInsert, "name" | "shortDescription" | "description" | "status">
>;

/** The columns a PUT changes: only the fields it carries, rich text sanitised on the way in. */
function changesFrom(input: UpdateStudyInput): StudyChanges {
  const changes: StudyChanges = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.short_description !== undefined) {
    changes.shortDescription = sanitizeRichText(input.short_description);
  }
  if (input.description !== undefined) changes.description = sanitizeRichText(input.description);
  if (input.status !== undefined) changes.status = input.status;
  return changes;
}

/**
 * PUT /api/study/{id}: changes the fields present and answers the study; 404 code 14 if missing.
 * A change of status is audited as `study_status_changed` (other fields are not).
 */
export async function updateStudy(
  id: number,
  input: UpdateStudyInput,
  actor: AuditActor,
  tx?: DbOrTx,
): Promise<StudyDto> {
  const changes = changesFrom(input);
  return transaction(tx, async (t) => {
    if (Object.keys(changes).length > 0) {
      const [before] = await t
        .select({ status: studies.status })
        .from(studies)
        .where(eq(studies.id, id))
        .for("update");
      await t
        .update(studies)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(studies.id, id));
      if (before && changes.status !== undefined && changes.status !== before.status) {
        await recordAudit(t, {
          action: "study_status_changed",
          actor,
          target: { type: "study", id },
          details: { from: before.status, to: changes.status },
        });
      }
    }
    const row = await findStudy(id, t);
    if (!row) throw new AppError(ErrorCode.NOT_FOUND);
    return toStudyDto(row);
  });
}
