import "server-only";
import { sql } from "drizzle-orm";
/** The numbers of the sign-up mails' sending (member-mails.ts, member-mail-retry.ts). */

/**
 * How long a sender owns a mail row: the request that wrote it, or a retry that claimed it. It
 * covers lifting a suppression and the send, each bounded by the provider client's 20-second
 * timeout; a sender that dies leaves the row to the retry once this has passed.
 */
export const MEMBER_MAIL_LEASE_MS = 2 * 60_000;

/** The lease as an SQL interval, for `locked_until = now() + …` on the database's clock. */
export const MEMBER_MAIL_LEASE = sql.raw(`interval '${MEMBER_MAIL_LEASE_MS} milliseconds'`);

/**
 * Failed sends before a mail is given up (logged, the row deleted). With the backoff of
 * lib/mail/backoff.ts that is about four hours where retries run as due (the Node timer, a
 * frequent cron); a daily cron reaches MEMBER_MAIL_MAX_AGE_MS first.
 */
export const MEMBER_MAIL_MAX_ATTEMPTS = 16;

/**
 * A mail not sent this long after its sign-up is given up: the provider forgets an idempotency
 * key after 24 hours (this leaves a margin for clocks and a call in flight), and a resend after
 * that could deliver it twice. The person signs up again for a new link.
 */
export const MEMBER_MAIL_MAX_AGE_MS = 24 * 3600_000 - 15 * 60_000;

/** Rows one retry pass claims at a time. */
export const MEMBER_MAIL_CLAIM = 20;
