import "server-only";
import { and, eq, or, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { panelMemberMails } from "@/db/schema";
import { verificationLink } from "@/lib/links/panel";
import { logError } from "@/lib/log";
import { sha256Hex } from "@/lib/crypto/tokens";
import {
  getMailTransport,
  MailSendError,
  sendMail,
  type BatchItemResult,
  type MailMessage,
} from "@/lib/mail";
import type { PanelRecipient } from "@/lib/mail/panel-mail";
import { alreadyMemberMail } from "@/lib/mail/templates/already-member";
import { verificationMail } from "@/lib/mail/templates/verification";
import { liftSuppression } from "./bounce";
import { MEMBER_MAIL_MAX_ATTEMPTS, memberMailRetryDelayMs } from "./member-mail-policy";

/** A mail a sign-up owes its address, as a sender holds it (see signup.ts). */
export type MemberMailJob = {
  mailId: number;
  kind: "verification" | "already_member";
  /** Also the idempotency key's tail: a retry of this row is the same mail to the provider. */
  tokenHash: string;
  /** The verification link's token; null for the "already in the panel" mail. */
  token: string | null;
  liftSuppression: boolean;
  /** Attempts made before this one. */
  attempts?: number;
  member: PanelRecipient;
};

export type MemberMailOutcome = "sent" | "retry" | "given_up";

function messageFor(job: MemberMailJob) {
  const key = job.tokenHash.slice(0, 24);
  return job.kind === "verification"
    ? {
        message: verificationMail(job.member, verificationLink(job.member.id, job.token!)),
        idempotencyKey: `panel-verify-${job.member.id}-${key}`,
      }
    : {
        message: alreadyMemberMail(job.member),
        idempotencyKey: `panel-member-${job.member.id}-${key}`,
      };
}

/**
 * Worth trying again: the provider was away or busy, or refused our key (a configuration being
 * mended). A refusal of the mail itself (an address it will not take) stays a refusal.
 */
function worthRetrying(error: unknown): boolean {
  if (!(error instanceof MailSendError)) return true;
  return error.retryable || error.statusCode === 401 || error.statusCode === 403;
}

/** This row, as long as no newer sign-up has replaced it (its token hash is still ours). */
const ours = (job: MemberMailJob) =>
  and(eq(panelMemberMails.id, job.mailId), eq(panelMemberMails.tokenHash, job.tokenHash));

/** Sent: the rows are deleted (those a newer sign-up has not replaced). */
async function markSent(jobs: MemberMailJob[]): Promise<void> {
  if (jobs.length === 0) return;
  const db = await getDb();
  await db.delete(panelMemberMails).where(or(...jobs.map(ours)));
}

/**
 * Failed: the row waits for its next attempt, or is given up after the last one or when the
 * provider refused the mail itself. Logged with the member's id, never the address.
 */
async function markFailed(job: MemberMailJob, failure: unknown): Promise<MemberMailOutcome> {
  const attempts = (job.attempts ?? 0) + 1;
  const givenUp = !worthRetrying(failure) || attempts >= MEMBER_MAIL_MAX_ATTEMPTS;
  logError("panel-mail", failure, { memberId: job.member.id, attempts, givenUp });
  const db = await getDb();
  if (givenUp) {
    await db.delete(panelMemberMails).where(ours(job));
    return "given_up";
  }
  await db
    .update(panelMemberMails)
    .set({
      attempts,
      nextAttemptAt: sql`now() + ${`${memberMailRetryDelayMs(attempts)} milliseconds`}::interval`,
      lockedUntil: null,
    })
    .where(ours(job));
  return "retry";
}

/** Lifts a bounced address's suppression first: the provider would not send to it at all. */
async function liftWhereNeeded(jobs: MemberMailJob[]): Promise<void> {
  for (const job of jobs) {
    if (job.liftSuppression) {
      await liftSuppression(job.member.email, job.member.id, { required: false });
    }
  }
}

/**
 * Sends a sign-up's mail, by the request that wrote it (after answering) or by the retry, and
 * writes the outcome (`markSent`, `markFailed`). Never throws: a row whose outcome could not be
 * written keeps its lease, and the retry takes it up once that has passed (with the same key,
 * so the provider does not send it twice).
 */
export async function sendMemberMail(job: MemberMailJob): Promise<MemberMailOutcome> {
  let failure: unknown;
  try {
    await liftWhereNeeded([job]);
    const { message, idempotencyKey } = messageFor(job);
    await sendMail(message, { idempotencyKey });
  } catch (error) {
    failure = error;
  }
  try {
    if (failure === undefined) {
      await markSent([job]);
      return "sent";
    }
    return await markFailed(job, failure);
  } catch (error) {
    logError("panel-mail", error, { memberId: job.member.id });
    return "retry";
  }
}

/** A failed batch request is tried once more after this, with the same key and payload. */
const BATCH_AGAIN_AFTER_MS = 500;

async function sendBatchOnceMore(messages: MailMessage[], idempotencyKey: string) {
  const transport = getMailTransport();
  try {
    return await transport.sendBatch(messages, { idempotencyKey });
  } catch (error) {
    if (!worthRetrying(error)) throw error;
    // A request whose answer was lost after the provider took it is answered from the
    // provider's record of the key: tried again now, it sends nothing twice.
    await new Promise((resolve) => setTimeout(resolve, BATCH_AGAIN_AFTER_MS));
    return transport.sendBatch(messages, { idempotencyKey });
  }
}

/**
 * Several sign-ups' mails in one provider request (`sendSignupMail` gathers them under load).
 * Each mail's outcome is its own: one the provider refuses is given up alone. When the whole
 * request fails twice, each row waits for its own retry, which sends it alone under its own key.
 */
export async function sendMemberMailBatch(jobs: MemberMailJob[]): Promise<MemberMailOutcome[]> {
  const built = jobs.map(messageFor);
  const key = `panel-signups-${sha256Hex(built.map((b) => b.idempotencyKey).join(" ")).slice(0, 32)}`;
  let results: BatchItemResult[] | undefined;
  let failure: unknown;
  try {
    await liftWhereNeeded(jobs);
    results = (
      await sendBatchOnceMore(
        built.map((b) => b.message),
        key,
      )
    ).results;
  } catch (error) {
    failure = error;
  }
  try {
    if (!results) return await Promise.all(jobs.map((job) => markFailed(job, failure)));
    const accepted = (i: number) => results[i] !== undefined && results[i].error === undefined;
    await markSent(jobs.filter((_, i) => accepted(i)));
    return await Promise.all(
      jobs.map((job, i) => {
        if (accepted(i)) return "sent" as const;
        // The provider's reason is not kept: its text can quote the address.
        const refused = results[i] !== undefined;
        return markFailed(
          job,
          new MailSendError(refused ? "refused in a batch" : "missing from the batch's answer", {
            retryable: !refused,
          }),
        );
      }),
    );
  } catch (error) {
    logError("panel-mail", error, { memberIds: jobs.map((j) => j.member.id).join(",") });
    return jobs.map(() => "retry" as const);
  }
}
