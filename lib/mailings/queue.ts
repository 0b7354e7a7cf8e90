import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { getDb, type Db } from "@/db/client";
import { panelMessages, type PanelMessage } from "@/db/schema";
import { ErrorCode } from "@/lib/errors/codes";
import { AppError } from "@/lib/errors/app-error";
import { rowsOf } from "./rows";
import { assertSendable } from "./sendable";

/**
 * POST /api/panel_message/{id}/send, the database part: in one transaction the draft becomes
 * `queued` and gets one pending delivery per member verified at this moment, so the recipient
 * list is fixed here. The conditional status change decides between two sends of the same
 * message, even at the same moment: only one of them finds it `not_sent` (the other: 409 code
 * 18). Nothing to send (empty subject or body, or no verified member): code 22, and nothing
 * changes. Delivery itself is started by the caller.
 */
export async function queueMessage(id: number, db?: Db): Promise<PanelMessage> {
  const executor = db ?? (await getDb());
  return executor.transaction(async (tx) => {
    // Locked first, so an autosave cannot change the content between the check and the queueing.
    const [message] = await tx
      .select()
      .from(panelMessages)
      .where(eq(panelMessages.id, id))
      .for("update");
    if (!message) throw new AppError(ErrorCode.NOT_FOUND);
    if (message.communicationStatus !== "not_sent") {
      throw new AppError(ErrorCode.MESSAGE_ALREADY_SENT);
    }
    assertSendable(message);

    const [queued] = await tx
      .update(panelMessages)
      .set({ communicationStatus: "queued", updatedAt: new Date() })
      .where(and(eq(panelMessages.id, id), eq(panelMessages.communicationStatus, "not_sent")))
      .returning({ id: panelMessages.id });
    if (!queued) throw new AppError(ErrorCode.MESSAGE_ALREADY_SENT);

    const [inserted] = rowsOf<{ n: number }>(
      await tx.execute(sql`
        with added as (
          insert into panel_message_deliveries (message_id, panel_user_id)
          select ${id}, id from panel_users where is_verified order by id
          returning 1
        )
        select count(*)::int as n from added`),
    );
    if (inserted.n === 0) {
      // Thrown inside the transaction, so the status change is undone too.
      throw new AppError(ErrorCode.INVALID_INPUT, {
        message: "No panel member has verified their email address yet: there is nobody to send to",
      });
    }
    const [row] = await tx
      .update(panelMessages)
      .set({ recipientsTotal: inserted.n })
      .where(eq(panelMessages.id, id))
      .returning();
    return row;
  });
}
