import "server-only";
import { deliverPending } from "@/lib/mailings/delivery/deliver";
import { runScheduledWork } from "./scheduled";

/**
 * One call of the host's scheduler (the serverless stand-in for the in-process jobs): the
 * scheduled work, then panel-message delivery, all within `budgetMs`. Delivery gets only what
 * the scheduled work left of it: a slow provider could otherwise make the sign-up mails' retries
 * and a full delivery run together outlast the call's limit, and the host would cut it off
 * without its summary. Whatever is left is picked up by the next call.
 */
export async function runCronCall({ budgetMs }: { budgetMs: number }) {
  const deadline = Date.now() + budgetMs;
  const scheduled = await runScheduledWork(new Date(), { signupMailBudgetMs: budgetMs });
  const run = await deliverPending({ deadlineMs: Math.max(0, deadline - Date.now()) });
  return {
    ...scheduled,
    delivery: { batches: run.batches, sent: run.sent, failed: run.failed, pending: run.pending },
  };
}
