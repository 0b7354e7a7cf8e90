"use client";

import { useTranslations } from "next-intl";
import { StatusBadge, type BadgeTone } from "@/components/ui/status-badge";
import type { CommunicationStatus } from "@/lib/mailings/schemas";

const tones: Record<CommunicationStatus, BadgeTone> = {
  not_sent: "neutral",
  queued: "info",
  sending: "info",
  sent: "success",
};

/** A message's status as the spec colours it: not sent neutral, queued and sending info, sent success. */
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
