import "server-only";
import { providerRetryDelayMs } from "@/lib/mail/backoff";
import { and, eq, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { rawStatement } from "@/db/prepared";
import { rowsOf } from "@/db/rows";
import { panelMemberMails } from "@/db/schema";
import { logError } from "@/lib/log";
import { MailSendError } from "@/lib/mail";
import { MEMBER_MAIL_LEASE, MEMBER_MAIL_MAX_ATTEMPTS } from "./member-mail-policy";
import type { MemberMailJob, MemberMailOutcome } from "./member-mail-job";

type MailRow = Pick<MemberMailJob, "mailId" | "tokenHash">;

/** This row, as long as no newer sign-up has replaced it (its token hash is still ours). */
const ours = (job: MailRow) =>
  and(eq(panelMemberMails.id, job.mailId), eq(panelMemberMails.tokenHash, job.tokenHash));

// The rows a call is about travel as one JSON parameter, so each statement's text is the same
// for any number of rows and is built once (db/prepared.ts), however many mails a batch holds.
const renewHolds = rawStatement(
  () => sql`
    update panel_member_mails
    set locked_until = now() + ${MEMBER_MAIL_LEASE}
    where (id, token_hash, locked_until) in (
      select r.id, r.token_hash, r.locked_until
      from json_to_recordset(${sql.placeholder("rows")}::json)
        as r (id int, token_hash text, locked_until timestamptz)
    )
    returning id::int as id, locked_until::text as held_until
  `,
);

const deleteOurs = rawStatement(
  () => sql`
    delete from panel_member_mails m
    using json_to_recordset(${sql.placeholder("rows")}::json) as r (id int, token_hash text)
    where m.id = r.id and m.token_hash = r.token_hash
  `,
);

/**
 * Just before the provider call: renews the hold on the rows this sender still holds, and returns
 * those. A row a newer sign-up replaced (another token hash) or another sender took over once
 * this one's hold had run out (another `locked_until`) is left alone: sending it now would send
 * a dead link, or the same mail twice under two keys.
 */
export async function stillHeld(jobs: MemberMailJob[]): Promise<MemberMailJob[]> {
  if (jobs.length === 0) return [];
  const rows = rowsOf<{ id: number; held_until: string }>(
    await renewHolds("rows", {
      rows: JSON.stringify(
        jobs.map((j) => ({ id: j.mailId, token_hash: j.tokenHash, locked_until: j.heldUntil })),
      ),
    }),
  );
  const renewed = new Map(rows.map((r) => [r.id, r.held_until]));
  return jobs
    .filter((j) => renewed.has(j.mailId))
    .map((j) => ({ ...j, heldUntil: renewed.get(j.mailId)! }));
}

/**
 * The rows are deleted, those a newer sign-up has not replaced: sent, given up, or no longer
 * owed.
 */
export async function deleteMails(rows: MailRow[]): Promise<void> {
  if (rows.length === 0) return;
  await deleteOurs("rows", {
    rows: JSON.stringify(rows.map((r) => ({ id: r.mailId, token_hash: r.tokenHash }))),
  });
}

/**
 * Worth trying again: the provider was away or busy, or refused our key (a configuration being
 * mended). A refusal of the mail itself (an address it will not take) stays a refusal.
 */
function worthRetrying(error: unknown): boolean {
  if (!(error instanceof MailSendError)) return true;
  return error.retryable || error.statusCode === 401 || error.statusCode === 403;
}

/**
 * Failed: the row waits for its next attempt (after the backoff, or the provider's Retry-After
 * when longer), or is given up after the last one or when the provider refused the mail itself
 * (`alwaysRetry`: a request refused as a whole, where each mail still gets a try of its own).
 * Logged with the member's id, never the address.
 */
export async function markFailed(
  job: MemberMailJob,
  failure: unknown,
  o: { alwaysRetry?: boolean } = {},
): Promise<MemberMailOutcome> {
  const attempts = (job.attempts ?? 0) + 1;
  const givenUp =
    (!o.alwaysRetry && !worthRetrying(failure)) || attempts >= MEMBER_MAIL_MAX_ATTEMPTS;
  logError("panel-mail", failure, { memberId: job.member.id, attempts, givenUp });
  if (givenUp) {
    await deleteMails([job]);
    return "given_up";
  }
  const db = await getDb();
  const retryAfterMs =
    failure instanceof MailSendError ? (failure.retryAfterSeconds ?? 0) * 1000 : 0;
  const delayMs = Math.max(providerRetryDelayMs(attempts), retryAfterMs);
  await db
    .update(panelMemberMails)
    .set({
      attempts,
      nextAttemptAt: sql`now() + ${`${delayMs} milliseconds`}::interval`,
      lockedUntil: null,
    })
    .where(ours(job));
  return "retry";
}
