import "server-only";
import { and, eq } from "drizzle-orm";
import { transaction, type DbOrTx } from "@/db/client";
import { panelMessages, type PanelMessage } from "@/db/schema";
import { recordAudit, type AuditActor } from "@/lib/audit/record";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { AppError } from "@/lib/errors/app-error";
import { addRecipients } from "./recipients";
import { assertSendable } from "./sendable";

/** Nobody to send to: code 22 (DESIGN §6), the same for a send now and a scheduled one. */
export const NO_RECIPIENTS_MESSAGE =
  "No panel member has verified their email address yet: there is nobody to send to";

/**
 * POST /api/panel_message/{id}/send without a time, the database part: in one transaction the
 * draft becomes `queued` and gets one pending delivery per recipient at this moment, so the
 * recipient list is fixed here. The draft is locked first and must be `not_sent`, so two sends
 * of the same message, even at the same moment, queue it once (the other: 409 code 18), and an
 * autosave cannot change the content between the check and the queueing. What cannot be sent
 * (sendable.ts) is refused with code 22 before anything changes. Delivery itself is started by
 * the caller. Audited as `message_sent`, with the number of recipients.
 */
export async function queueMessage(
  id: number,
  actor: AuditActor,
  basedOn: BasedOn = {},
  tx?: DbOrTx,
): Promise<PanelMessage> {
  return transaction(tx, async (t) => {
    assertSendable(await lockDraft(t, id, basedOn));
    const recipients = await addRecipients(t, id);
    // Thrown inside the transaction, so the deliveries are undone too.
    if (recipients === 0) {
      throw new AppError(ErrorCode.INVALID_INPUT, { message: NO_RECIPIENTS_MESSAGE });
    }
    const [row] = await t
      .update(panelMessages)
      .set({ communicationStatus: "queued", recipientsTotal: recipients, updatedAt: new Date() })
      .where(eq(panelMessages.id, id))
      .returning();
    await recordAudit(t, {
      action: "message_sent",
      actor,
      target: { type: "panel_message", id },
      details: { recipients },
    });
    return row;
  });
}

/** The version of the message a send was decided on, when the caller knows it. */
export type BasedOn = { version?: number };

/**
 * The message, locked for the rest of the transaction, if it is still a draft: 404 code 14 when
 * it does not exist, 409 code 18 once it is scheduled, queued or sent, and 409 code 27 when it
 * was changed since `basedOn.version` (what would go out is not what the sender saw).
 */
export async function lockDraft(
  tx: DbOrTx,
  id: number,
  basedOn: BasedOn = {},
): Promise<PanelMessage> {
  const [message] = await tx
    .select()
    .from(panelMessages)
    .where(eq(panelMessages.id, id))
    .for("update");
  if (!message) throw new AppError(ErrorCode.NOT_FOUND);
  if (message.communicationStatus !== "not_sent") {
    throw new AppError(ErrorCode.MESSAGE_ALREADY_SENT);
  }
  if (basedOn.version !== undefined && basedOn.version !== message.version) {
    throw new AppError(ErrorCode.CHANGED_ELSEWHERE);
  }
  return message;
}

/** Only a message still in `status` changes: the write decides between racing callers. */
export function inStatus(id: number, status: PanelMessage["communicationStatus"]) {
  return and(eq(panelMessages.id, id), eq(panelMessages.communicationStatus, status));
}
