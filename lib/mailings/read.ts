import "server-only";
import { and, count, desc, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { panelMessageDeliveries, panelMessages } from "@/db/schema";
import { countRecipients } from "@/lib/panel/list";
import { findMessage } from "./find";
import type { FailureReason, PanelMessageDetailDto, PanelMessageList } from "./schemas.shared";
import { toPanelMessageDto } from "./serialize";

/** GET /api/panel_message: every message, newest first, with its delivery counts. */
export async function listMessages(): Promise<PanelMessageList> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(panelMessages)
    .orderBy(desc(panelMessages.createdAt), desc(panelMessages.id));
  return { items: rows.map(toPanelMessageDto) };
}

/** Why a message's deliveries failed, grouped, most frequent first. */
export async function failureReasons(messageId: number): Promise<FailureReason[]> {
  const db = await getDb();
  const n = count();
  const rows = await db
    .select({ reason: panelMessageDeliveries.lastError, count: n })
    .from(panelMessageDeliveries)
    .where(
      and(
        eq(panelMessageDeliveries.messageId, messageId),
        eq(panelMessageDeliveries.status, "failed"),
      ),
    )
    .groupBy(panelMessageDeliveries.lastError)
    .orderBy(desc(n), panelMessageDeliveries.lastError);
  return rows.map((r) => ({ reason: r.reason, count: Number(r.count) }));
}

/**
 * GET /api/panel_message/{id}: a draft or a scheduled message adds `recipients_estimate` (for
 * the send confirmation; the recipients are fixed only when it goes out); a queued, sending,
 * sent or failed message adds `failure_reasons` for the progress view.
 */
export async function messageDetail(id: number): Promise<PanelMessageDetailDto> {
  const row = await findMessage(id);
  const dto = toPanelMessageDto(row);
  if (row.communicationStatus === "not_sent" || row.communicationStatus === "scheduled") {
    return { ...dto, recipients_estimate: await countRecipients() };
  }
  return { ...dto, failure_reasons: await failureReasons(id) };
}
