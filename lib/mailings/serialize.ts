import "server-only";
import type { PanelMessage } from "@/db/schema";
import type { PanelMessageDto } from "./schemas";

function unixSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

/** Row → API shape (snake_case, dates in unix seconds). Fields not in the API stay out. */
export function toPanelMessageDto(row: PanelMessage): PanelMessageDto {
  return {
    id: row.id,
    subject: row.subject,
    body: row.body,
    communication_status: row.communicationStatus,
    sent_at: row.sentAt ? unixSeconds(row.sentAt) : null,
    created_at: unixSeconds(row.createdAt),
    recipients_total: row.recipientsTotal,
    delivered_count: row.deliveredCount,
    failed_count: row.failedCount,
  };
}
