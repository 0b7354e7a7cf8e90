import "server-only";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { rawStatement } from "@/db/prepared";
import { rowsOf } from "@/db/rows";
import type { Locale } from "@/lib/i18n/locales.shared";
import { limitPartsFor, NO_LIMITS, type LimitsInStatement } from "@/lib/rate-limit/in-statement";
import { sealMemberMailToken } from "./member-mail-token";
import type { MemberMailJob } from "./member-mail-job";
import { MEMBER_MAIL_LEASE } from "./member-mail-policy";
import { newStopNonce, newVerificationToken, VERIFICATION_TTL_MS } from "./tokens";

type SignupRow = {
  rate_limit_counts: unknown;
  member_id: number;
  email: string;
  locale: string;
  stop_nonce: string;
  mail_id: number;
  kind: MemberMailJob["kind"];
  lift_suppression: boolean;
  held_until: string;
};

// A confirmed member who still receives mail keeps their link and language, and is owed the
// "already in the panel" mail; anyone else (new, unconfirmed, bounced) is owed a fresh link.
const CONFIRMED = sql.raw(`"is_verified" and "delivery_status" = 'ok'`);
const keepIfConfirmed = (column: string) =>
  sql.raw(
    `case when "panel_users"."is_verified" and "panel_users"."delivery_status" = 'ok' then "panel_users"."${column}" else excluded."${column}" end`,
  );

const value = (name: string) => sql.placeholder(name);

// One statement per number of rate-limit counters, its text built once (db/prepared.ts).
const signupStatement = rawStatement((counters: number) => {
  const limits = limitPartsFor(counters);
  return sql`
      with ${limits.counting}, member as (
        insert into panel_users (email, locale, verification_hash, verification_expires_at, stop_nonce, created_at)
        select ${value("email")}::text, ${value("locale")}::text, ${value("hash")}::text, ${value("expiresAt")}::timestamptz, ${value("stopNonce")}::text, ${value("at")}::timestamptz
        where ${limits.allowed}
        on conflict (email) do update set
          verification_hash = ${keepIfConfirmed("verification_hash")},
          verification_expires_at = ${keepIfConfirmed("verification_expires_at")},
          locale = ${keepIfConfirmed("locale")}
        returning id, email, locale, stop_nonce, ${CONFIRMED} as confirmed, "delivery_status" = 'bounced' as bounced
      ), mail as (
        insert into panel_member_mails as m (panel_user_id, kind, token_hash, token_sealed, lift_suppression, attempts, next_attempt_at, locked_until, created_at)
        select id,
          case when confirmed then 'already_member' else 'verification' end::member_mail_kind,
          ${value("hash")}::text,
          case when confirmed then null else decode(${value("sealed")}::text, 'base64') end,
          bounced, 0, ${value("at")}::timestamptz, now() + ${MEMBER_MAIL_LEASE}, ${value("at")}::timestamptz
        from member
        on conflict (panel_user_id) do update set
          kind = excluded.kind, token_hash = excluded.token_hash, token_sealed = excluded.token_sealed,
          lift_suppression = excluded.lift_suppression, attempts = 0,
          next_attempt_at = excluded.next_attempt_at, locked_until = excluded.locked_until,
          created_at = excluded.created_at
        returning m.id, m.panel_user_id, m.kind, m.lift_suppression, m.locked_until
      )
      select ${limits.counts} as rate_limit_counts,
        member.id::int as member_id, member.email, member.locale, member.stop_nonce,
        mail.id::int as mail_id, mail.kind::text as kind, mail.lift_suppression,
        mail.locked_until::text as held_until
      from (select 1) as one left join (member join mail on mail.panel_user_id = member.id) on true
    `;
});

/**
 * POST /api/panel_user. Whatever the address's state, the work is the same: one statement that
 * writes the member row and the mail it is owed (`panel_member_mails`), and the caller answers the
 * same `{}`, so neither the answer nor its timing tells who is on the panel.
 * - new address: a member row and a verification mail;
 * - known, not yet confirmed: a fresh token (the previous link stops working) and a new mail;
 * - known and confirmed: nothing changes, an "already in the panel" mail is owed;
 * - known and bounced (confirmed or not): a fresh verification mail, sent after the provider's
 *   suppression is lifted; confirming it clears `bounced` (verify.ts).
 *
 * The mail row is written held by this request (`locked_until`, on the database's clock, which
 * every sender compares it with) and is returned for the caller
 * to send once it has answered (`sendMemberMail`). Should that fail, or the process end first,
 * the background retry sends it (member-mail-retry.ts): a sign-up the database took is never
 * lost to a provider outage.
 *
 * `limits`: the request's rate limits, counted first in this same statement; when they refuse,
 * nothing is written and code 23 is thrown (lib/rate-limit/in-statement.ts).
 */
export async function signUp(
  email: string,
  locale: Locale,
  now = new Date(),
  tx?: DbOrTx,
  limits: LimitsInStatement = NO_LIMITS,
): Promise<MemberMailJob> {
  const { token, hash } = newVerificationToken();
  const sealed = sealMemberMailToken(token, hash).toString("base64");
  const at = now.toISOString();
  const [row] = rowsOf<SignupRow>(
    await signupStatement(
      limits.shape,
      {
        ...limits.values,
        email,
        locale,
        hash,
        sealed,
        at,
        expiresAt: new Date(now.getTime() + VERIFICATION_TTL_MS).toISOString(),
        stopNonce: newStopNonce(),
      },
      tx,
    ),
  );
  // A refusal wrote nothing (every write above waits on `allowed`) and throws here.
  await limits.settle(row.rate_limit_counts);
  return {
    mailId: row.mail_id,
    kind: row.kind,
    tokenHash: hash,
    token: row.kind === "verification" ? token : null,
    liftSuppression: row.lift_suppression,
    heldUntil: row.held_until,
    member: { id: row.member_id, email: row.email, locale: row.locale, stopNonce: row.stop_nonce },
  };
}
