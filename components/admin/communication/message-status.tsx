"use client";

import { useFormatter, useTranslations } from "next-intl";
import { StatusBadge, type BadgeTone } from "@/components/ui/status-badge";
import type { CommunicationStatus, PanelMessageDto } from "@/lib/mailings/schemas.shared";

const tones: Record<CommunicationStatus, BadgeTone> = {
  not_sent: "neutral",
  scheduled: "primary",
  queued: "info",
  sending: "info",
  sent: "success",
  failed: "danger",
};

/**
 * A message's status as the spec colours it: not sent neutral, queued and sending info, sent
 * success; and the two it adds: scheduled, failed (nobody was left to send it to).
 */
export function MessageStatusBadge({ status }: { status: CommunicationStatus }) {
  const t = useTranslations("panelMessages.screen.status");
  return <StatusBadge tone={tones[status]}>{t(status)}</StatusBadge>;
}

/** Delivery is under way: the detail keeps asking for progress while this holds. */
export function isInFlight(status: CommunicationStatus): boolean {
  return status === "queued" || status === "sending";
}

/** A date from the API (unix seconds) as the reader's language writes it, with the time. */
export function toDate(seconds: number): Date {
  return new Date(seconds * 1000);
}

/** Created and sent dates, on the reader's own clock. */
export function localDateTime() {
  return {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  } as const;
}

/** When the message was created and, once it is, sent: on the reader's own clock. */
export function MessageDates({
  message,
}: {
  message: Pick<PanelMessageDto, "created_at" | "sent_at">;
}) {
  const t = useTranslations("panelMessages.screen");
  const format = useFormatter();
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      <dt className="text-muted">{t("createdAt")}</dt>
      <dd>{format.dateTime(toDate(message.created_at), localDateTime())}</dd>
      {message.sent_at !== null ? (
        <>
          <dt className="text-muted">{t("sentAt")}</dt>
          <dd>{format.dateTime(toDate(message.sent_at), localDateTime())}</dd>
        </>
      ) : null}
    </dl>
  );
}
