import "server-only";
import { runHousekeeping } from "./housekeeping";

/**
 * Everything that runs on a schedule, in one place: the in-process timer on Node hosts and the
 * cron endpoint on serverless hosts both call this, so they can never drift apart.
 */
export async function runScheduledWork(now = new Date()): Promise<{ housekeeping: "done" }> {
  await runHousekeeping(now);
  return { housekeeping: "done" };
}
