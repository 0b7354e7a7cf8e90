import "server-only";
import { getConfig } from "@/config";
import { logError } from "@/lib/log";
import { retryMemberMails } from "./member-mail-retry";

/** One retry pass's time; what is left is due again at once and runs in the next pass. */
const PASS_MS = 35_000;
/** After a pass failed (the database away, say). */
const AFTER_FAILURE_MS = 60_000;

type TimerState = { timer?: NodeJS.Timeout; at?: number; running: boolean };

// On globalThis: Next.js may load this module in several bundles, and the process must still
// have one timer.
const stateKey = Symbol.for("research-panel.member-mail-timer");
type Holder = { [stateKey]?: TimerState };

function timerState(): TimerState {
  const g = globalThis as Holder;
  g[stateKey] ??= { running: false };
  return g[stateKey];
}

async function pass(state: TimerState) {
  state.running = true;
  let next: number | null;
  try {
    next = (await retryMemberMails({ deadlineMs: PASS_MS })).nextDueInMs;
  } catch (error) {
    logError("panel-mail", error);
    next = AFTER_FAILURE_MS;
  } finally {
    state.running = false;
  }
  if (next !== null) armMemberMailRetry(next);
}

/**
 * Node hosts: makes this process's retry of sign-up mails run in `ms` (or sooner, if it is set
 * for sooner already). Serverless hosts have no timer; their cron call runs the retry.
 */
export function armMemberMailRetry(ms: number): void {
  if (!getConfig().backgroundJobs) return;
  const state = timerState();
  const at = Date.now() + ms;
  if (state.timer && state.at !== undefined && state.at <= at) return;
  clearTimeout(state.timer);
  state.at = at;
  state.timer = setTimeout(() => {
    state.timer = undefined;
    state.at = undefined;
    // A pass still running re-arms itself when it ends.
    if (!state.running) void pass(state);
  }, ms);
  // Waiting must not keep a process alive that is otherwise finished.
  state.timer.unref();
}
