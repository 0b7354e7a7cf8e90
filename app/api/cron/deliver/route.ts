import { route } from "@/lib/http/handler";
import { assertCronCaller } from "@/lib/jobs/cron-auth";
import { runScheduledWork } from "@/lib/jobs/scheduled";

export const dynamic = "force-dynamic";

/** The serverless stand-in for the in-process background jobs; called by the host's scheduler. */
export const POST = route({ auth: "none", allowCrossOrigin: true }, async ({ req }) => {
  assertCronCaller(req);
  return runScheduledWork();
});
