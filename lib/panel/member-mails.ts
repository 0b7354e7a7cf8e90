import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { panelMemberMails } from "@/db/schema";
import { verificationLink } from "@/lib/links/panel";
import { logError } from "@/lib/log";
import { MailSendError, sendMail } from "@/lib/mail";
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

/**
 * Sends a sign-up's mail, by the request that wrote it (after answering) or by the retry. Sent:
 * the row is deleted. Failed: the row waits for its next attempt, or is given up after the last
 * one; either is logged with the member's id, never the address. Never throws.
 */
export async function sendMemberMail(job: MemberMailJob): Promise<MemberMailOutcome> {
  let failure: unknown;
  try {
    // Without this the provider would not send to a bounced address at all.
    if (job.liftSuppression) {
      await liftSuppression(job.member.email, job.member.id, { required: false });
    }
    const { message, idempotencyKey } = messageFor(job);
    await sendMail(message, { idempotencyKey });
  } catch (error) {
    failure = error;
  }
  const db = await getDb();
  try {
    if (failure === undefined) {
      await db.delete(panelMemberMails).where(ours(job));
      return "sent";
    }
    const attempts = (job.attempts ?? 0) + 1;
    const givenUp = !worthRetrying(failure) || attempts >= MEMBER_MAIL_MAX_ATTEMPTS;
    logError("panel-mail", failure, { memberId: job.member.id, attempts, givenUp });
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
  } catch (error) {
    // The row keeps its lease; the retry takes it up once that has passed.
    logError("panel-mail", error, { memberId: job.member.id });
    return "retry";
  }
}
