"use client";

import { useEffect } from "react";
import type { PanelMessageDto } from "@/lib/mailings/schemas.shared";

/** How long after its time a scheduled message is asked for again (the sender starts it then). */
export const DUE_GRACE_MS = 5_000;
// A timer further out than this fires at once (a 32-bit delay); a later time is asked for on the
// way, and the timer set again.
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * A scheduled message starts on the server at its time, and nothing tells an open detail: it
 * would go on saying "scheduled" and offering Cancel (answered 18) with no progress shown. So,
 * while the message is scheduled, the message is asked for again shortly after that time,
 * and every few seconds after it until the answer no longer says scheduled.
 */
export function useRefreshWhenDue(
  message: Pick<PanelMessageDto, "communication_status" | "scheduled_for"> | undefined,
  refresh: () => void,
  /** The latest answer, or failure: each one while still scheduled sets the timer again. */
  answer: unknown,
) {
  const scheduledFor = message?.communication_status === "scheduled" ? message.scheduled_for : null;
  useEffect(() => {
    if (scheduledFor === null) return;
    const untilDue = scheduledFor * 1000 + DUE_GRACE_MS - Date.now();
    const timer = setTimeout(refresh, Math.min(Math.max(untilDue, DUE_GRACE_MS), MAX_TIMER_MS));
    return () => clearTimeout(timer);
  }, [scheduledFor, refresh, answer]);
}
