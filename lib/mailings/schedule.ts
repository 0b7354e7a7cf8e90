import "server-only";
import { and, asc, eq, lte, sql } from "drizzle-orm";
import { getDb, transaction, type DbOrTx } from "@/db/client";
import { panelMessages, type PanelMessage } from "@/db/schema";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { AppError, invalidField } from "@/lib/errors/app-error";
import { recordAudit, type AuditActor } from "@/lib/audit/record";
import { countRecipients } from "@/lib/panel/list";
import { unixSeconds } from "@/lib/time/unix.shared";
import { findMessage } from "./find";
import { inStatus, lockDraft, NO_RECIPIENTS_MESSAGE, type BasedOn } from "./queue";
import { addRecipients } from "./recipients";
import { MAX_SCHEDULE_AHEAD_SECONDS, MIN_SCHEDULE_AHEAD_SECONDS } from "./schemas.shared";
import { assertSendable } from "./sendable";

/** `send_at` at least a minute and at most 90 days from `now`, else code 22 on that field. */
export function assertScheduleTime(sendAt: Date, now: Date): void {
  const ahead = (sendAt.getTime() - now.getTime()) / 1000;
  // Written so that a time no date can hold (NaN) is refused too, not passed on.
  if (!(ahead >= MIN_SCHEDULE_AHEAD_SECONDS && ahead <= MAX_SCHEDULE_AHEAD_SECONDS)) {
    throw invalidField(
      "send_at",
      "The sending time must be between one minute and 90 days from now",
    );
  }
}

/**
 * POST /api/panel_message/{id}/send with `send_at`: the draft becomes `scheduled` for that
 * moment, checked like a send now (something to send, somebody to send it to). Its recipients
 * are not fixed yet: that happens at its time (startDueMessages). While scheduled it cannot be
 * changed (16), deleted (17) or sent (18). Audited as `message_scheduled` in the same
 * transaction.
 */
export async function scheduleMessage(
  id: number,
  sendAt: Date,
  actor: AuditActor,
  basedOn: BasedOn = {},
  now = new Date(),
  tx?: DbOrTx,
): Promise<PanelMessage> {
  assertScheduleTime(sendAt, now);
  return transaction(tx, async (tx) => {
    assertSendable(await lockDraft(tx, id, basedOn));
    if ((await countRecipients(tx)) === 0) {
      throw new AppError(ErrorCode.INVALID_INPUT, { message: NO_RECIPIENTS_MESSAGE });
    }
    const [row] = await tx
      .update(panelMessages)
      .set({ communicationStatus: "scheduled", scheduledFor: sendAt, updatedAt: new Date() })
      .where(inStatus(id, "not_sent"))
      .returning();
    await recordAudit(tx, {
      action: "message_scheduled",
      actor,
      target: { type: "panel_message", id },
      details: { scheduled_for: unixSeconds(sendAt) },
    });
    return row;
  });
}

/**
 * POST /api/panel_message/{id}/cancel: a scheduled message goes back to being a draft. A
 * message that is not scheduled (any more) is 409 code 18: when the cancel and the start meet
 * at its time, the row lock lets one of them through and the other finds the status changed.
 * Audited as `message_cancelled`.
 */
export async function cancelScheduled(
  id: number,
  actor: AuditActor,
  tx?: DbOrTx,
): Promise<PanelMessage> {
  return transaction(tx, async (tx) => {
    const [row] = await tx
      .update(panelMessages)
      .set({ communicationStatus: "not_sent", scheduledFor: null, updatedAt: new Date() })
      .where(inStatus(id, "scheduled"))
      .returning();
    if (!row) {
      await findMessage(id, tx);
      throw new AppError(ErrorCode.MESSAGE_ALREADY_SENT, {
        message: "The panel message is not scheduled",
      });
    }
    await recordAudit(tx, {
      action: "message_cancelled",
      actor,
      target: { type: "panel_message", id },
    });
    return row;
  });
}

/**
 * Starts every scheduled message whose time has come, as a send at this moment would: its
 * recipients are fixed now and it becomes `queued`; with nobody left to send to it ends
 * `failed` ("no_recipients"). One message per transaction, taken with SKIP LOCKED, and only
 * while still `scheduled`: however many instances, loops and cron calls run this at once, each
 * message is started once. The database's clock decides what is due, the same for every
 * instance. Returns how many were started.
 */
export async function startDueMessages(tx?: DbOrTx): Promise<number> {
  let started = 0;
  for (;;) {
    const id = await transaction(tx, async (tx) => {
      const [due] = await tx
        .select({ id: panelMessages.id })
        .from(panelMessages)
        .where(
          and(
            eq(panelMessages.communicationStatus, "scheduled"),
            lte(panelMessages.scheduledFor, sql`now()`),
          ),
        )
        .orderBy(asc(panelMessages.scheduledFor), asc(panelMessages.id))
        .limit(1)
        .for("update", { skipLocked: true });
      if (!due) return null;
      const recipients = await addRecipients(tx, due.id);
      await tx
        .update(panelMessages)
        .set(
          recipients > 0
            ? { communicationStatus: "queued", recipientsTotal: recipients, scheduledFor: null }
            : { communicationStatus: "failed", failureReason: "no_recipients", scheduledFor: null },
        )
        .where(inStatus(due.id, "scheduled"));
      return due.id;
    });
    if (id === null) return started;
    started += 1;
  }
}

/** Milliseconds until the next scheduled message is due (0: now), or null when none is. */
export async function nextScheduledInMs(): Promise<number | null> {
  const db = await getDb();
  const [row] = await db
    .select({
      ms: sql<
        string | null
      >`(extract(epoch from (min(${panelMessages.scheduledFor}) - now())) * 1000)::float8`,
    })
    .from(panelMessages)
    .where(eq(panelMessages.communicationStatus, "scheduled"));
  if (!row || row.ms === null) return null;
  return Math.max(0, Number(row.ms));
}
