import "server-only";
import { getConfig } from "@/config";
import { deliverPending } from "./deliver";
import { wakeDeliveryLoop } from "./loop";
import { RUN_BUDGET_MS } from "./policy";
import { armScheduleTimer } from "./schedule-timer";

/**
 * Starts delivering right after a message is queued, without waiting for a scheduler. On a
 * Node host the process's delivery loop is woken. Where background work is switched off
 * (serverless hosts), a bounded run is handed to `afterResponse`, which the route layer
 * provides (Next's `after()`: it runs once the answer has been sent, and the platform keeps
 * the function alive for it); the cron endpoint picks up whatever that run leaves.
 */
export function startDelivery(afterResponse: (work: () => Promise<void>) => void): void {
  if (getConfig().backgroundJobs) {
    wakeDeliveryLoop();
    return;
  }
  afterResponse(async () => {
    await deliverPending({ deadlineMs: RUN_BUDGET_MS });
  });
}

/**
 * After a message is scheduled: on a Node host this process's timer is set for it. Serverless
 * hosts have no timer; their cron call starts it at the first run after its time.
 */
export function watchSchedule(): void {
  if (getConfig().backgroundJobs) armScheduleTimer();
}
