import { otherMethods, route } from "@/lib/http/handler";
import { assertCronCaller } from "@/lib/jobs/cron-auth";
import { runCronCall } from "@/lib/jobs/cron-run";
import { RUN_BUDGET_MS } from "@/lib/mailings/delivery/policy";

export const dynamic = "force-dynamic";
export const maxDuration = 60;

/**
 * The serverless stand-in for the in-process background jobs, called by the host's scheduler
 * (Vercel's cron calls GET): the scheduled housekeeping, then panel-message delivery, together
 * in a bounded time (`runCronCall`). Whatever is left is picked up by the next call.
 */
const handler = route({ auth: "none", allowCrossOrigin: true }, async ({ req }) => {
  assertCronCaller(req);
  return runCronCall({ budgetMs: RUN_BUDGET_MS });
});

export const GET = handler;
export const POST = handler;

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
