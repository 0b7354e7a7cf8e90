import "server-only";
import { sha256Hex } from "@/lib/crypto/tokens";
import { logError } from "@/lib/log";
import {
  getMailTransport,
  MailSendError,
  sendMail,
  type BatchItemResult,
  type MailMessage,
} from "@/lib/mail";
import { liftSuppression } from "./bounce";
import { alreadyMemberMessage, verificationMessage } from "./mails";
import type { MemberMailJob, MemberMailOutcome } from "./member-mail-job";
import { markFailed, deleteMails, stillHeld } from "./member-mail-outcome";

function messageFor(job: MemberMailJob) {
  return job.kind === "verification"
    ? verificationMessage(job.member, job.token!, job.tokenHash)
    : alreadyMemberMessage(job.member, job.tokenHash);
}

/**
 * Lifts a bounced address's suppression first: the provider would not send to it at all.
 * Answers the mails whose address could not be taken off the list (logged by
 * `liftSuppression`): sent now, they would be accepted and then dropped, and as the member is
 * already marked bounced nothing would tell, so they wait for their retry instead.
 */
async function liftWhereNeeded(jobs: MemberMailJob[]): Promise<Set<number>> {
  const unlifted = new Set<number>();
  await Promise.all(
    jobs
      .filter((job) => job.liftSuppression)
      .map((job) =>
        liftSuppression(job.member.email, job.member.id, { required: true }).catch(() => {
          unlifted.add(job.mailId);
        }),
      ),
  );
  return unlifted;
}

const notLifted = () =>
  new MailSendError("the address could not be taken off the suppression list", {
    retryable: true,
  });

/**
 * Sends a sign-up's mail, by the request that wrote it (after answering) or by the retry, and
 * writes the outcome. Never throws: a row whose outcome could not be written keeps its hold, and
 * the retry takes it up once that has passed, with the same key, so the provider sends it once.
 */
export async function sendMemberMail(job: MemberMailJob): Promise<MemberMailOutcome> {
  let failure: unknown;
  try {
    const [held] = await stillHeld([job]);
    if (!held) return "replaced";
    if ((await liftWhereNeeded([held])).size > 0) throw notLifted();
    const { message, idempotencyKey } = messageFor(held);
    await sendMail(message, { idempotencyKey });
  } catch (error) {
    failure = error;
  }
  try {
    if (failure === undefined) {
      await deleteMails([job]);
      return "sent";
    }
    return await markFailed(job, failure);
  } catch (error) {
    logError("panel-mail", error, { memberId: job.member.id });
    return "retry";
  }
}

/** Waits before a batch request is tried again with the same key. */
function againAfterMs(error: unknown): number {
  // The provider is still working on the first request with this key: it answers from its
  // record once that is done.
  return error instanceof MailSendError && error.providerCode === "concurrent_idempotent_requests"
    ? 5_000
    : 500;
}

/**
 * A batch request, tried up to three times with the same key and payload. An answer lost after
 * the provider took the request is answered from the provider's record of the key, so these
 * tries send nothing twice.
 */
async function sendBatchWithTries(messages: MailMessage[], idempotencyKey: string) {
  const transport = getMailTransport();
  for (let attempt = 1; ; attempt++) {
    try {
      return await transport.sendBatch(messages, { idempotencyKey });
    } catch (error) {
      const retryable = error instanceof MailSendError ? error.retryable : true;
      if (!retryable || attempt >= 3) throw error;
      await new Promise((resolve) => setTimeout(resolve, againAfterMs(error)));
    }
  }
}

/**
 * Several sign-ups' mails in one provider request (`sendSignupMail` gathers them under load).
 * Each mail's outcome is its own: one the provider refuses is given up alone. When the request
 * fails as a whole, each row waits for its own retry, which sends it alone under its own key.
 */
export async function sendMemberMailBatch(jobs: MemberMailJob[]): Promise<MemberMailOutcome[]> {
  let held: MemberMailJob[] = [];
  // Held, but left out of the request: their address is still on the suppression list.
  let waiting: MemberMailJob[] = [];
  let results: BatchItemResult[] | undefined;
  let failure: unknown;
  try {
    held = await stillHeld(jobs);
    if (held.length === 0) return jobs.map(() => "replaced");
    const unlifted = await liftWhereNeeded(held);
    waiting = held.filter((job) => unlifted.has(job.mailId));
    held = held.filter((job) => !unlifted.has(job.mailId));
    if (held.length === 0) results = [];
    const built = held.map(messageFor);
    const key = `panel-signups-${sha256Hex(built.map((b) => b.idempotencyKey).join(" ")).slice(0, 32)}`;
    if (held.length > 0) {
      results = (
        await sendBatchWithTries(
          built.map((b) => b.message),
          key,
        )
      ).results;
    }
  } catch (error) {
    failure = error;
  }
  const heldIds = new Set([...held, ...waiting].map((j) => j.mailId));
  try {
    const outcomes = new Map<number, MemberMailOutcome>();
    for (const job of waiting) outcomes.set(job.mailId, await markFailed(job, notLifted()));
    if (!results) {
      // Refused or failed as a whole: no mail of it was judged on its own yet.
      const toRetry = held.length > 0 ? held : jobs;
      for (const job of toRetry) {
        outcomes.set(job.mailId, await markFailed(job, failure, { alwaysRetry: true }));
      }
    } else {
      const accepted = (i: number) => results[i] !== undefined && results[i].error === undefined;
      await deleteMails(held.filter((_, i) => accepted(i)));
      for (const [i, job] of held.entries()) {
        if (accepted(i)) {
          outcomes.set(job.mailId, "sent");
          continue;
        }
        // The provider's reason is not kept: its text can quote the address.
        const refused = results[i] !== undefined;
        const error = new MailSendError(
          refused ? "refused in a batch" : "missing from the batch's answer",
          { retryable: !refused },
        );
        outcomes.set(job.mailId, await markFailed(job, error));
      }
    }
    return jobs.map(
      (job) => outcomes.get(job.mailId) ?? (heldIds.has(job.mailId) ? "retry" : "replaced"),
    );
  } catch (error) {
    logError("panel-mail", error, { memberIds: jobs.map((j) => j.member.id).join(",") });
    return jobs.map(() => "retry" as const);
  }
}
