import "server-only";
import { logError } from "@/lib/log";
import { nextScheduledInMs } from "../schedule";
import { wakeDeliveryLoop } from "./loop";

/**
 * How often a process looks for scheduled messages at the latest. A message this process
 * scheduled re-arms the timer at once; one scheduled through another instance is found within
 * this time (and by that instance's own timer at its exact time).
 */
const LOOK_AGAIN_MS = 60_000;
/**
 * The shortest wait between two looks. A message already due (the loop is busy with another
 * send and starts it between batches, see deliver.ts) would otherwise be looked for again at
 * once, query after query, until it is started.
 */
export const LOOK_AT_LEAST_AFTER_MS = 1_000;

type TimerState = { timer?: ReturnType<typeof setTimeout>; generation: number };

// On globalThis, like the delivery loop: one timer per process whatever bundles load this.
const stateKey = Symbol.for("research-panel.schedule-timer");
type Holder = { [stateKey]?: TimerState };

function timerState(): TimerState {
  const g = globalThis as Holder;
  g[stateKey] ??= { generation: 0 };
  return g[stateKey];
}

/**
 * Node hosts: wakes this process's delivery loop when the next scheduled message is due (the
 * loop starts it: lib/mailings/schedule.ts), and looks again at least every minute. Called at
 * start, so a restart between scheduling and sending loses nothing (the schedule is in the
 * database), and after every schedule made here.
 */
export function armScheduleTimer(): void {
  const state = timerState();
  const generation = ++state.generation;
  clearTimeout(state.timer);
  state.timer = undefined;
  void nextScheduledInMs()
    .catch((error: unknown) => {
      logError("panel-message-schedule", error);
      return null;
    })
    .then((dueInMs) => {
      // A later call re-armed the timer in the meantime: its answer is the newer one.
      if (generation !== state.generation) return;
      const delay = scheduleTimerDelay(dueInMs);
      state.timer = setTimeout(() => {
        if (dueInMs !== null && dueInMs <= LOOK_AGAIN_MS) wakeDeliveryLoop();
        armScheduleTimer();
      }, delay);
      // The timer must not keep a process alive that is otherwise finished.
      state.timer.unref();
    });
}

/** How long the timer waits, given when the next scheduled message is due (null: none is). */
export function scheduleTimerDelay(dueInMs: number | null): number {
  if (dueInMs === null) return LOOK_AGAIN_MS;
  return Math.max(LOOK_AT_LEAST_AFTER_MS, Math.min(dueInMs, LOOK_AGAIN_MS));
}
