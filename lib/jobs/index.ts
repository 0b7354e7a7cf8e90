import "server-only";
import { getConfig } from "@/config";
import { getDatabase } from "@/db/client";
import { logError } from "@/lib/log";
import { wakeDeliveryLoop } from "@/lib/mailings/delivery/loop";
import { armScheduleTimer } from "@/lib/mailings/delivery/schedule-timer";
import { runScheduledWork } from "./scheduled";

const startedKey = Symbol.for("research-panel.jobs-started");
type Flag = { [startedKey]?: boolean };

/**
 * In-process background work for Node hosts (serverless hosts call /api/cron/deliver instead).
 * Opening the database here also applies the embedded database's migrations at start.
 */
export async function startBackgroundJobs(): Promise<void> {
  const g = globalThis as Flag;
  if (g[startedKey]) return;
  g[startedKey] = true;
  await getDatabase();
  if (!getConfig().backgroundJobs) return;
  const tick = async () => {
    // Picks up panel-message deliveries left by a restart or waiting for a late retry.
    wakeDeliveryLoop();
    try {
      await runScheduledWork();
    } catch (error) {
      logError("jobs", error);
    }
  };
  // Scheduled panel messages are kept in the database: after a restart they still go out.
  armScheduleTimer();
  // Every 10 minutes: closed rate-limit windows are not kept much longer than they last.
  const timer = setInterval(tick, 10 * 60 * 1000);
  timer.unref();
  void tick();
}
