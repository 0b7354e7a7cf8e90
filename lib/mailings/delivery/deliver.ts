import "server-only";
import { getConfig } from "@/config";
import { getMailTransport } from "@/lib/mail";
import type { MailTransport } from "@/lib/mail/types";
import { pauseSending, reserveSlot, slotWaitMs } from "./budget";
import { claimNextBatch, failExpiredBatches, type ClaimResult } from "./claim";
import { callProvider } from "./provider";
import { recordOutcome, releaseBatch } from "./outcome";
import { fullWindowPauseMs, MAX_SLOT_WAIT_MS } from "./policy";
import { completeMessages, pendingWork, type PendingWork } from "./progress";
import { startDueMessages } from "../schedule";

export type DeliveryRun = PendingWork & {
  /** Provider requests made in this run. */
  batches: number;
  sent: number;
  failed: number;
};

export type DeliverOptions = {
  /** How long this run may go on claiming and sending; it then returns, work left or not. */
  deadlineMs: number;
  /** Defaults to the configured transport. */
  transport?: MailTransport;
  /** Provider requests per second for the whole site; defaults to MAIL_RATE_PER_SECOND. */
  ratePerSecond?: number;
  /** How often a long run looks for scheduled messages come due meanwhile; 5 s by default. */
  dueCheckMs?: number;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The one delivery function, used by the in-process loop, by the work after a send response
 * and by the cron endpoint. It first starts the scheduled messages whose time has come (so
 * every way of running it sends them, and again every few seconds of a long run), then until its deadline claims a batch (recording it first), waits for
 * its slot in the site-wide rate budget, calls the provider and writes the outcome. Any number
 * of these may run at once, in one process or many: batches are claimed with SKIP LOCKED and a
 * lease, and every provider request takes a slot from the same budget row.
 */
export async function deliverPending(o: DeliverOptions): Promise<DeliveryRun> {
  const deadline = Date.now() + o.deadlineMs;
  const transport = o.transport ?? getMailTransport();
  const rate = o.ratePerSecond ?? getConfig().mail.ratePerSecond;
  const dueCheckMs = o.dueCheckMs ?? 5_000;
  await startDueMessages();
  let dueCheckedAt = Date.now();
  const run = { batches: 0, sent: 0, failed: await failExpiredBatches() };
  // The next batch is claimed and rendered while the outcome of the current one is written,
  // so preparing a batch does not eat into the rate. Not while a request is on its way: work
  // on this thread then could hold the request back and bunch it up with the next one.
  let prepared: Promise<ClaimResult> | null = null;
  const prepare = () => {
    const claim = claimNextBatch();
    // Handled where it is awaited; until then a failure must not count as unhandled.
    claim.catch(() => {});
    return claim;
  };

  try {
    for (;;) {
      // A message scheduled to go while a long send is under way starts at its time, not when
      // this run ends (up to a minute later).
      if (Date.now() - dueCheckedAt >= dueCheckMs) {
        await startDueMessages();
        dueCheckedAt = Date.now();
      }
      const left = deadline - Date.now();
      if (left <= 0 || (await slotWaitMs()) > Math.min(left, MAX_SLOT_WAIT_MS)) break;
      const claim = await (prepared ?? claimNextBatch());
      prepared = null;
      if (claim.kind === "none") break;
      run.failed += claim.failed;
      if (claim.kind === "settled") continue;
      const { batch } = claim;
      const wait = await reserveSlot(rate);
      if (wait > Math.min(deadline - Date.now(), MAX_SLOT_WAIT_MS)) {
        await releaseBatch(batch, wait);
        break;
      }
      if (wait > 0) await sleep(wait);
      const outcome = await callProvider(batch, transport);
      run.batches += 1;
      // Other senders learn of a rate limit before this one writes anything.
      // The limited batch is due when the pause ends, not a moment later: otherwise the next
      // batch, sent at the pause's end, finds it not yet due and the run stops short.
      if (outcome.kind === "retry" && outcome.pauseAllMs) {
        outcome.retryAt = await pauseSending(outcome.pauseAllMs);
      }
      if (outcome.kind === "accepted" && outcome.rateLimit?.remaining === 0) {
        await pauseSending(fullWindowPauseMs(outcome.rateLimit));
      }
      if (deadline - Date.now() > 0) prepared = prepare();
      const marked = await recordOutcome(batch, outcome);
      run.sent += marked.sent;
      run.failed += marked.failed;
    }
  } finally {
    // A batch prepared for a turn that did not come is given back at once, unsent.
    const unused = await prepared?.catch(() => null);
    if (unused && unused.kind !== "none") run.failed += unused.failed;
    if (unused?.kind === "batch") await releaseBatch(unused.batch, 0);
  }

  await completeMessages();
  const work = await pendingWork();
  // Work that is due now but held back by the rate budget is due when the budget allows.
  const nextDueInMs =
    work.nextDueInMs === null ? null : Math.max(work.nextDueInMs, await slotWaitMs());
  return { ...run, ...work, nextDueInMs };
}
