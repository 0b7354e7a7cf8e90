import "server-only";
import { logError } from "@/lib/log";
import { deliverPending } from "./deliver";

/** One pass of the loop; it returns now and then so a failure or a redeploy costs little. */
const SLICE_MS = 60_000;
/** Rest between passes that found nothing to claim while work is pending elsewhere. */
const MIN_REST_MS = 250;
const MAX_REST_MS = 60_000;

type LoopState = { running: boolean; woken: boolean; wake?: () => void };

// On globalThis: Next.js may load this module in several bundles (instrumentation and routes),
// and the process must still have one loop.
const stateKey = Symbol.for("research-panel.delivery-loop");
type Holder = { [stateKey]?: LoopState };

function loopState(): LoopState {
  const g = globalThis as Holder;
  g[stateKey] ??= { running: false, woken: false };
  return g[stateKey];
}

function rest(state: LoopState, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    // Resting must not keep a process alive that is otherwise finished.
    timer.unref();
    function done() {
      clearTimeout(timer);
      state.wake = undefined;
      resolve();
    }
    state.wake = done;
  });
}

async function run(state: LoopState): Promise<void> {
  let failures = 0;
  for (;;) {
    state.woken = false;
    let restMs: number;
    try {
      const result = await deliverPending({ deadlineMs: SLICE_MS });
      failures = 0;
      if (result.pending === 0) {
        if (state.woken) continue;
        return;
      }
      restMs =
        result.batches > 0 && result.nextDueInMs === 0
          ? 0
          : Math.min(MAX_REST_MS, Math.max(MIN_REST_MS, result.nextDueInMs ?? MAX_REST_MS));
    } catch (error) {
      failures += 1;
      logError("panel-message-delivery", error, { consecutiveFailures: failures });
      restMs = Math.min(MAX_REST_MS, 1000 * 2 ** Math.min(failures, 6));
    }
    if (restMs > 0 && !state.woken) await rest(state, restMs);
  }
}

/**
 * Node hosts: starts this process's delivery loop, or wakes it if it is resting. The loop runs
 * until nothing is pending (resting while retries wait or another instance holds the last
 * batches), so a send does not wait for a scheduler tick.
 */
export function wakeDeliveryLoop(): void {
  const state = loopState();
  state.woken = true;
  if (state.running) {
    state.wake?.();
    return;
  }
  state.running = true;
  void run(state).finally(() => {
    state.running = false;
    // Woken between its last look and stopping: look again.
    if (state.woken) wakeDeliveryLoop();
  });
}
