import "server-only";
import { inArray, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { rowsOf } from "@/db/rows";
import { panelMemberMails } from "@/db/schema";
import { logError } from "@/lib/log";
import { deleteMails } from "./member-mail-outcome";
import { openMemberMailToken } from "./member-mail-token";
import { MEMBER_MAIL_CLAIM, MEMBER_MAIL_LEASE, MEMBER_MAIL_MAX_AGE_MS } from "./member-mail-policy";
import type { MemberMailJob } from "./member-mail-job";
import { sendMemberMail } from "./member-mails";

type ClaimedRow = {
  mail_id: number;
  kind: MemberMailJob["kind"];
  token_hash: string;
  token_sealed: string | null;
  lift_suppression: boolean;
  attempts: number;
  member_id: number;
  email: string;
  locale: string;
  stop_nonce: string;
  held_until: string;
  /** The member still needs this mail: not confirmed since, no newer link sent, link valid. */
  current: boolean;
  /** Older than the provider's memory of an idempotency key: never sent blind. */
  too_old: boolean;
};

export type MemberMailRetryRun = {
  sent: number;
  givenUp: number;
  /** Rows still owed a mail, and when the first of them is due (null: none). */
  pending: number;
  nextDueInMs: number | null;
};

/**
 * Claims due rows, with SKIP LOCKED and a lease so that any number of senders, in one process or
 * many, never hold the same row; rows held by a request that is still sending are not due.
 */
async function claimDue(): Promise<ClaimedRow[]> {
  const db = await getDb();
  return rowsOf<ClaimedRow>(
    await db.execute(sql`
      with due as (
        select id from panel_member_mails
        where next_attempt_at <= now() and (locked_until is null or locked_until <= now())
        order by next_attempt_at
        limit ${MEMBER_MAIL_CLAIM}
        for update skip locked
      )
      update panel_member_mails m
      set locked_until = now() + ${MEMBER_MAIL_LEASE}
      from due, panel_users u
      where m.id = due.id and u.id = m.panel_user_id
      returning m.id::int as mail_id, m.kind::text as kind, m.token_hash,
        encode(m.token_sealed, 'base64') as token_sealed, m.lift_suppression, m.attempts::int,
        u.id::int as member_id, u.email, u.locale, u.stop_nonce,
        m.locked_until::text as held_until,
        case when m.kind = 'verification'
          then u.verification_hash = m.token_hash
            and u.verification_expires_at > now()
            and not (u.is_verified and u.delivery_status = 'ok')
          else u.is_verified and u.delivery_status = 'ok' end as current,
        m.created_at < now() - ${`${MEMBER_MAIL_MAX_AGE_MS} milliseconds`}::interval as too_old
    `),
  );
}

async function pendingWork(): Promise<Pick<MemberMailRetryRun, "pending" | "nextDueInMs">> {
  const db = await getDb();
  const [row] = rowsOf<{ pending: number; due_in_ms: number | null }>(
    await db.execute(sql`
      select count(*)::int as pending,
        (extract(epoch from min(greatest(next_attempt_at, coalesce(locked_until, next_attempt_at))) - now()) * 1000)::float8 as due_in_ms
      from panel_member_mails
    `),
  );
  return {
    pending: row.pending,
    nextDueInMs: row.due_in_ms === null ? null : Math.max(0, Math.ceil(row.due_in_ms)),
  };
}

const drop = (row: ClaimedRow) => deleteMails([{ mailId: row.mail_id, tokenHash: row.token_hash }]);

async function release(rows: ClaimedRow[]) {
  const db = await getDb();
  await db
    .update(panelMemberMails)
    .set({ lockedUntil: null })
    .where(
      inArray(
        panelMemberMails.id,
        rows.map((r) => r.mail_id),
      ),
    );
}

function jobOf(row: ClaimedRow, token: string | null): MemberMailJob {
  return {
    mailId: row.mail_id,
    kind: row.kind,
    tokenHash: row.token_hash,
    token,
    liftSuppression: row.lift_suppression,
    attempts: row.attempts,
    heldUntil: row.held_until,
    member: { id: row.member_id, email: row.email, locale: row.locale, stopNonce: row.stop_nonce },
  };
}

/**
 * Sends the sign-up mails whose first try failed or never happened (a process that ended before
 * it), until none is due or `deadlineMs` has passed. Called by the in-process timer, the
 * scheduled work and the cron endpoint.
 */
export async function retryMemberMails(o: { deadlineMs: number }): Promise<MemberMailRetryRun> {
  const deadline = Date.now() + o.deadlineMs;
  let sent = 0;
  let givenUp = 0;
  while (Date.now() < deadline) {
    const rows = await claimDue();
    if (rows.length === 0) break;
    for (const [i, row] of rows.entries()) {
      if (Date.now() >= deadline) {
        // Out of time: the rest go back at once instead of waiting for their hold to end.
        await release(rows.slice(i));
        break;
      }
      // Confirmed since, replaced by a newer link, or the link expired: no longer owed.
      if (!row.current) {
        await drop(row);
        continue;
      }
      const token =
        row.kind === "verification" && row.token_sealed !== null
          ? openMemberMailToken(Buffer.from(row.token_sealed, "base64"), row.token_hash)
          : null;
      if (row.too_old || (row.kind === "verification" && token === null)) {
        // Too old to send without risking a second copy, or sealed under an APP_SECRET no
        // longer configured: a new sign-up sends a new link.
        logError("panel-mail", new Error("A sign-up mail was given up before it was sent"), {
          memberId: row.member_id,
          attempts: row.attempts,
          givenUp: true,
          reason: row.too_old ? "too_old" : "token_unreadable",
        });
        await drop(row);
        givenUp += 1;
        continue;
      }
      const outcome = await sendMemberMail(jobOf(row, token));
      if (outcome === "sent") sent += 1;
      if (outcome === "given_up") givenUp += 1;
    }
  }
  return { sent, givenUp, ...(await pendingWork()) };
}
