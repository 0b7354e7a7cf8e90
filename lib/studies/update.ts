import "server-only";
import { eq, sql } from "drizzle-orm";
import { studies } from "@/db/schema";
import { transaction, type DbOrTx } from "@/db/client";
import { recordAudit, type AuditActor } from "@/lib/audit/record";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { AppError, invalidField } from "@/lib/errors/app-error";
import { sanitizeRichText } from "@/lib/rich-text/sanitize";
import type { UpdateStudyInput } from "./admin-schemas.shared";
import { unixSeconds } from "@/lib/time/unix.shared";
import { countResponses, finishOpenStudy, isPastClosing, lockStudy } from "./closing";
import { revalidatePublicStudyLists } from "./public-lists";
import { findStudy } from "./queries";
import type { StudyDto } from "./schemas.shared";
import { toStudyDto } from "./serialize";

type StudyChanges = Partial<
  Pick<
    typeof studies.$inferInsert,
    "name" | "shortDescription" | "description" | "status" | "responseLimit" | "closesAt"
  >
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
  if (input.response_limit !== undefined) changes.responseLimit = input.response_limit;
  if (input.closes_at !== undefined) changes.closesAt = input.closes_at;
  return changes;
}

/**
 * Setting `open` while the limit is reached or the end date has passed would finish the study
 * again at once (or never let anyone in): 400 code 22 on `status`, with what to change instead.
 * Raising or clearing the limit, or moving the end date, changes no status by itself (a study
 * already past its end date stays finished); lowering the limit to what an open study holds
 * finishes it (`finishAtLoweredLimit`).
 */
async function assertMayOpen(id: number, input: UpdateStudyInput, t: DbOrTx): Promise<void> {
  const row = await lockStudy(id, t);
  if (!row) throw new AppError(ErrorCode.NOT_FOUND);
  const limit = input.response_limit !== undefined ? input.response_limit : row.responseLimit;
  const closesAt = input.closes_at !== undefined ? input.closes_at : row.closesAt;
  if (closesAt !== null && closesAt <= unixSeconds())
    throw invalidField("status", "The closing time has passed: move or clear it to open the study");
  if (limit !== null && (await countResponses(id, t)) >= limit)
    throw invalidField(
      "status",
      "The response limit is reached: raise or clear it to open the study",
    );
}

/**
 * A limit lowered to what an open study already holds finishes it now, as the response that
 * reached it would have. Left open, the study stayed listed and let participants fill in the
 * whole survey, only to refuse what they sent (409 code 20). Answers whether it finished.
 */
async function finishAtLoweredLimit(id: number, limit: number, t: DbOrTx): Promise<boolean> {
  const row = await lockStudy(id, t);
  if (row?.status !== "open" || (await countResponses(id, t)) < limit) return false;
  await finishOpenStudy(id, t);
  return true;
}

/**
 * PUT /api/study/{id}: changes the fields present and answers the study; 404 code 14 if missing.
 * A change of status is audited as `study_status_changed` (other fields are not), a finish by a
 * lowered limit too.
 */
export async function updateStudy(
  id: number,
  input: UpdateStudyInput,
  actor: AuditActor,
  tx?: DbOrTx,
): Promise<StudyDto> {
  const changes = changesFrom(input);
  const study = await transaction(tx, async (t) => {
    // The study row is locked first, so no submission finishes it between the check and the write.
    if (input.status === "open") await assertMayOpen(id, input, t);
    if (Object.keys(changes).length > 0) {
      let before = await lockStudy(id, t);
      // Finished by its end date and not yet stored so by the housekeeping: stored now, so that
      // moving or clearing the date does not quietly take responses again (it does not after
      // the housekeeping either). Opening it again is a status change of its own.
      if (before && isPastClosing(before)) {
        await finishOpenStudy(id, t);
        before = { ...before, status: "finished" };
      }
      await t
        .update(studies)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(studies.id, id));
      const limit = changes.responseLimit;
      const finished = limit != null && (await finishAtLoweredLimit(id, limit, t));
      const after = finished ? "finished" : changes.status;
      if (before && after !== undefined && after !== before.status) {
        await recordAudit(t, {
          action: "study_status_changed",
          actor,
          target: { type: "study", id },
          details: { from: before.status, to: after },
        });
      }
    }
    const row = await findStudy(id, t);
    if (!row) throw new AppError(ErrorCode.NOT_FOUND);
    return toStudyDto(row, await countResponses(id, t));
  });
  revalidatePublicStudyLists();
  return study;
}
