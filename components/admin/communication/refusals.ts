import type { ApiError } from "@/lib/api-client.shared";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { MAX_SCHEDULE_AHEAD_SECONDS } from "@/lib/mailings/schemas.shared";

/** Refusals that mean the message was sent or scheduled meanwhile. */
export const NO_LONGER_DRAFT: ReadonlySet<number> = new Set<number>([
  ErrorCode.MESSAGE_SENT_NO_UPDATE,
  ErrorCode.MESSAGE_SENT_NO_DELETE,
  ErrorCode.MESSAGE_ALREADY_SENT,
]);

/**
 * When a send was refused for its moment (by the server's clock, a minute to 90 days ahead):
 * the schedule picker's text for why; otherwise null. The two clocks may differ, so the side of
 * the range the moment is nearer to says which end it missed.
 */
export function sendTimeProblem(
  error: ApiError,
  sendAt: number | undefined,
  nowSeconds = Date.now() / 1000,
): "schedule.tooSoon" | "schedule.tooLate" | null {
  if (error.fields?.send_at === undefined) return null;
  return (sendAt ?? 0) - nowSeconds > MAX_SCHEDULE_AHEAD_SECONDS / 2
    ? "schedule.tooLate"
    : "schedule.tooSoon";
}
