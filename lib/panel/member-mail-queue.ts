import "server-only";
import { providerRetryDelayMs } from "@/lib/mail/backoff";
import { logError } from "@/lib/log";
import { MEMBER_MAIL_LEASE_MS } from "./member-mail-policy";
import { armMemberMailRetry } from "./member-mail-timer";
import type { MemberMailJob, MemberMailOutcome } from "./member-mail-job";
import { sendMemberMail, sendMemberMailBatch } from "./member-mails";

/** Resend takes at most 100 mails in one request. */
const MAX_BATCH = 100;
/**
 * A mail that waited this long in the queue is left to the retry: the request's hold on its row
 * ends at MEMBER_MAIL_LEASE_MS, after which a retry may send it under its own key.
 */
const MAX_WAIT_MS = MEMBER_MAIL_LEASE_MS / 2;

type Waiting = { job: MemberMailJob; queuedAt: number; done: () => void };
type QueueState = { waiting: Waiting[]; sending: boolean };

// On globalThis: Next.js may load this module in several bundles, and the process must still
// have one queue.
const stateKey = Symbol.for("research-panel.member-mail-queue");
type Holder = { [stateKey]?: QueueState };

function queueState(): QueueState {
  const g = globalThis as Holder;
  g[stateKey] ??= { waiting: [], sending: false };
  return g[stateKey];
}

async function sendWaiting(state: QueueState): Promise<void> {
  state.sending = true;
  try {
    while (state.waiting.length > 0) {
      // Sign-ups answered in the same turn of the event loop join this request.
      await new Promise((resolve) => setImmediate(resolve));
      const taken = state.waiting.splice(0, MAX_BATCH);
      const now = Date.now();
      const fresh = taken.filter((w) => now - w.queuedAt < MAX_WAIT_MS).map((w) => w.job);
      let outcomes: MemberMailOutcome[] = [];
      try {
        outcomes =
          fresh.length === 1
            ? [await sendMemberMail(fresh[0])]
            : fresh.length > 1
              ? await sendMemberMailBatch(fresh)
              : [];
        if (fresh.length < taken.length) armMemberMailRetry(MEMBER_MAIL_LEASE_MS);
        if (outcomes.includes("retry")) armMemberMailRetry(providerRetryDelayMs(1));
      } catch (error) {
        logError("panel-mail", error);
      } finally {
        for (const w of taken) w.done();
      }
    }
  } finally {
    state.sending = false;
  }
}

/**
 * What a sign-up does once it has answered: hands the mail it wrote to this process's queue and
 * waits until it has been sent (or left to the retry). One provider request is on its way at a
 * time; the sign-ups answered meanwhile go out together in the next one. So a quiet site sends
 * each mail at once, and a rush of sign-ups costs the server and the provider a request per
 * batch, not per person. (Sign-up mails take no slot of the panel messages' rate budget: at one
 * request in flight per process they stay few; a provider's 429 is retried after its Retry-After.)
 */
export function sendSignupMail(job: MemberMailJob): Promise<void> {
  const state = queueState();
  return new Promise((resolve) => {
    state.waiting.push({ job, queuedAt: Date.now(), done: resolve });
    if (!state.sending) {
      void sendWaiting(state).catch((error: unknown) => logError("panel-mail", error));
    }
  });
}
