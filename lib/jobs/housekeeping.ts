import "server-only";
import { purgeAuditLog } from "@/lib/audit/purge";
import { deleteExpiredChallenges } from "@/lib/auth/challenge";
import { deleteStaleSetPasswordTokens } from "@/lib/auth/password-reset";
import { deleteExpiredSessions } from "@/lib/auth/session";
import { sweepRateLimits } from "@/lib/rate-limit/limiter";
import { deleteOldProviderEvents } from "@/lib/mailings/events/housekeeping";
import { deleteStaleSignups } from "@/lib/panel/housekeeping";
import { finishClosedStudies } from "@/lib/studies/closing";

/** Periodic clean-up shared by the in-process timer and the cron endpoint. */
export async function runHousekeeping(now = new Date()): Promise<void> {
  await finishClosedStudies(now);
  await deleteExpiredSessions(now);
  await deleteExpiredChallenges(now);
  await deleteStaleSetPasswordTokens(now);
  await sweepRateLimits(now);
  await deleteStaleSignups(now);
  await deleteOldProviderEvents(now);
  await purgeAuditLog(now);
}
