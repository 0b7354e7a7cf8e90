import "server-only";
import type { PanelMessage } from "@/db/schema";
import { sanitizeRichText } from "@/lib/rich-text/sanitize";
import { unixSeconds } from "@/lib/time/unix.shared";
import { FAILURE_REASONS, type PanelMessageDto } from "./schemas.shared";

type FailureReason = (typeof FAILURE_REASONS)[number];

function failureReason(value: string | null): FailureReason | null {
  return (FAILURE_REASONS as readonly string[]).includes(value ?? "")
    ? (value as FailureReason)
    : null;
}

/**
 * Row → API shape (snake_case, dates in unix seconds). Fields not in the API stay out. The body
 * was sanitised when it was written and is sanitised again here, so a row written some other
 * way (an import, an older version's rules) reaches the editor only as safe HTML.
 */
export function toPanelMessageDto(row: PanelMessage): PanelMessageDto {
  return {
    id: row.id,
    subject: row.subject,
    body: sanitizeRichText(row.body),
    communication_status: row.communicationStatus,
    sent_at: row.sentAt ? unixSeconds(row.sentAt) : null,
    created_at: unixSeconds(row.createdAt),
    recipients_total: row.recipientsTotal,
    delivered_count: row.deliveredCount,
    failed_count: row.failedCount,
    bounced_count: row.bouncedCount,
    scheduled_for:
      row.communicationStatus === "scheduled" && row.scheduledFor
        ? unixSeconds(row.scheduledFor)
        : null,
    failure_reason: row.communicationStatus === "failed" ? failureReason(row.failureReason) : null,
    version: row.version,
  };
}
