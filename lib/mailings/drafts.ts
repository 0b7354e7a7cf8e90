import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import { dbOr, transaction, type DbOrTx } from "@/db/client";
import { panelMessages, type PanelMessage } from "@/db/schema";
import { recordAudit, type AuditActor } from "@/lib/audit/record";
import { ErrorCode, type ErrorCodeValue } from "@/lib/errors/codes.shared";
import { AppError } from "@/lib/errors/app-error";
import { sanitizeRichText } from "@/lib/rich-text/sanitize";
import { findMessage } from "./find";
import type { PanelMessageCreateInput, PanelMessageUpdateInput } from "./schemas.shared";

/** POST /api/panel_message: a new draft. */
export async function createMessage(
  input: PanelMessageCreateInput,
  tx?: DbOrTx,
): Promise<PanelMessage> {
  const executor = await dbOr(tx);
  const [row] = await executor
    .insert(panelMessages)
    .values({ subject: input.subject, body: "" })
    .returning();
  return row;
}

/**
 * Why a change of a message matched no draft: it does not exist (14), it is no longer a draft
 * (`code`; a scheduled one says how to make it a draft again), or, still a draft and the change
 * `versioned`, it was changed since the version the change was based on (27). Looked up after
 * the conditional write failed, so the write itself decides; a draft again by then (a cancelled
 * schedule) without a version asked for is still refused with `code`, as the write saw it.
 */
async function refusal(
  id: number,
  code: ErrorCodeValue,
  db: DbOrTx,
  versioned = false,
): Promise<never> {
  const message = await findMessage(id, db);
  if (versioned && message.communicationStatus === "not_sent") {
    throw new AppError(ErrorCode.CHANGED_ELSEWHERE);
  }
  if (message.communicationStatus === "scheduled") {
    throw new AppError(code, {
      message: "The panel message is scheduled; cancel the scheduled send to change it",
    });
  }
  throw new AppError(code);
}

/**
 * PUT /api/panel_message/{id}: only the fields given change; the body is sanitised before it
 * is stored. Only a draft can change (409 code 16 once scheduled or later), and with a `version`
 * only that version of it (409 code 27 once changed elsewhere), both checked in the same
 * statement that writes, so a send or another save between reading and writing cannot be
 * overtaken. Every change raises the version.
 */
export async function updateMessage(
  id: number,
  input: PanelMessageUpdateInput,
  tx?: DbOrTx,
): Promise<PanelMessage> {
  const executor = await dbOr(tx);
  const [row] = await executor
    .update(panelMessages)
    .set({
      ...(input.subject !== undefined ? { subject: input.subject } : {}),
      ...(input.body !== undefined ? { body: sanitizeRichText(input.body) } : {}),
      updatedAt: new Date(),
      version: sql`${panelMessages.version} + 1`,
    })
    .where(
      and(
        eq(panelMessages.id, id),
        eq(panelMessages.communicationStatus, "not_sent"),
        input.version === undefined ? undefined : eq(panelMessages.version, input.version),
      ),
    )
    .returning();
  return (
    row ?? refusal(id, ErrorCode.MESSAGE_SENT_NO_UPDATE, executor, input.version !== undefined)
  );
}

/**
 * DELETE /api/panel_message/{id}: drafts, and messages that came to their scheduled time with
 * nobody to send to (`failed`: nothing went out, and nothing else can be done with them); 409
 * code 17 once scheduled, queued or sent. Audited as `message_deleted`.
 */
export async function deleteMessage(id: number, actor: AuditActor, tx?: DbOrTx): Promise<void> {
  await transaction(tx, async (t) => {
    const deleted = await t
      .delete(panelMessages)
      .where(
        and(
          eq(panelMessages.id, id),
          inArray(panelMessages.communicationStatus, ["not_sent", "failed"]),
        ),
      )
      .returning({ id: panelMessages.id });
    if (deleted.length === 0) await refusal(id, ErrorCode.MESSAGE_SENT_NO_DELETE, t);
    await recordAudit(t, {
      action: "message_deleted",
      actor,
      target: { type: "panel_message", id },
    });
  });
}
