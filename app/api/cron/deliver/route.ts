import { otherMethods, route } from "@/lib/http/handler";
import { assertCronCaller } from "@/lib/jobs/cron-auth";
import { runScheduledWork } from "@/lib/jobs/scheduled";
import { deliverPending } from "@/lib/mailings/delivery/deliver";
import { RUN_BUDGET_MS } from "@/lib/mailings/delivery/policy";

export const dynamic = "force-dynamic";
export const maxDuration = 60;

/**
 * The serverless stand-in for the in-process background jobs, called by the host's scheduler
 * (Vercel's cron calls GET): the scheduled housekeeping, then panel-message delivery for a
 * bounded time. Whatever is left is picked up by the next call.
 */
const handler = route({ auth: "none", allowCrossOrigin: true }, async ({ req }) => {
  assertCronCaller(req);
  const scheduled = await runScheduledWork();
  const run = await deliverPending({ deadlineMs: RUN_BUDGET_MS });
  return {
    ...scheduled,
    delivery: { batches: run.batches, sent: run.sent, failed: run.failed, pending: run.pending },
  };
});

export const GET = handler;
export const POST = handler;

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
