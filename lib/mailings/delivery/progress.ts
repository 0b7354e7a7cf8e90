import "server-only";
import { sql } from "drizzle-orm";
import { dbOr, getDb, type DbOrTx } from "@/db/client";
import { rowsOf } from "@/db/rows";

/**
 * A queued or sending message with no pending delivery left is `sent`, with `sent_at`. Called
 * after each batch (inside its transaction) and at the end of every run.
 */
export async function completeMessage(messageId?: number, tx?: DbOrTx): Promise<void> {
  const db = await dbOr(tx);
  const only = messageId === undefined ? sql`` : sql`and m.id = ${messageId}`;
  await db.execute(sql`
    update panel_messages m
    set communication_status = 'sent', sent_at = now()
    where m.communication_status in ('queued', 'sending') ${only}
      and not exists (
        select 1 from panel_message_deliveries d
        where d.message_id = m.id and d.status = 'pending')`);
}

export async function completeMessages(tx?: DbOrTx): Promise<void> {
  await completeMessage(undefined, tx);
}

export type PendingWork = {
  /** Deliveries not yet sent or failed, of every message. */
  pending: number;
  /** When a sender could next find something to claim (0: now); null when nothing is pending. */
  nextDueInMs: number | null;
};

/** What is left to do, so a loop knows whether to go on and how long it may rest. */
export async function pendingWork(): Promise<PendingWork> {
  const db = await getDb();
  const [row] = rowsOf<{ pending: number; unbatched: boolean; batch_due_ms: number | null }>(
    await db.execute(sql`
      select
        (select count(*) from panel_message_deliveries where status = 'pending')::int as pending,
        exists (
          select 1 from panel_message_deliveries where status = 'pending' and batch_id is null
        ) as unbatched,
        (select extract(epoch from (
            min(greatest(next_attempt_at, coalesce(locked_until, next_attempt_at))) - clock_timestamp()
          )) * 1000
         from panel_message_batches where status = 'pending')::float8 as batch_due_ms`),
  );
  const pending = Number(row.pending);
  if (pending === 0) return { pending, nextDueInMs: null };
  if (row.unbatched) return { pending, nextDueInMs: 0 };
  const due = row.batch_due_ms === null ? 1000 : Math.max(0, Number(row.batch_due_ms));
  return { pending, nextDueInMs: due };
}
