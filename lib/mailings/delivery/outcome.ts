import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { transaction, type DbOrTx } from "@/db/client";
import { panelMessageBatches, panelMessages } from "@/db/schema";
import { rowsOf } from "@/db/rows";
import { completeMessage } from "./progress";
import { failBatch } from "./fail";
import { MAX_ATTEMPTS } from "./policy";
import { providerReason } from "./reasons";
import type { ClaimedBatch, Marked, ProviderOutcome } from "./types";

type Row = { id: number; value: string | null };

/** One UPDATE for many rows, each with its own value, from a VALUES list. */
async function markDeliveries(
  tx: DbOrTx,
  rows: Row[],
  status: "sent" | "failed",
  attempts: number,
): Promise<number> {
  if (rows.length === 0) return 0;
  const values = sql.join(
    rows.map((r) => sql`(${r.id}::bigint, ${r.value}::text)`),
    sql`, `,
  );
  const column = status === "sent" ? sql`provider_id` : sql`last_error`;
  const sentAt = status === "sent" ? sql`, sent_at = now()` : sql``;
  const updated = rowsOf<{ id: number }>(
    await tx.execute(sql`
      update panel_message_deliveries d
      set status = ${sql.raw(`'${status}'`)}, ${column} = v.value, attempts = ${attempts}${sentAt}
      from (values ${values}) as v(id, value)
      where d.id = v.id and d.status = 'pending'
      returning d.id`),
  );
  return updated.length;
}

async function accept(
  tx: DbOrTx,
  batch: ClaimedBatch,
  attempts: number,
  outcome: Extract<ProviderOutcome, { kind: "accepted" }>,
): Promise<Marked> {
  const sent: Row[] = [];
  const refused: Row[] = [];
  batch.deliveryIds.forEach((id, i) => {
    const result = outcome.results[i];
    if (result?.error !== undefined) refused.push({ id, value: providerReason(result.error) });
    else sent.push({ id, value: result?.id ?? null });
  });
  const marked = {
    sent: await markDeliveries(tx, sent, "sent", attempts),
    failed: await markDeliveries(tx, refused, "failed", attempts),
  };
  await tx
    .update(panelMessageBatches)
    .set({ status: "sent", payload: null, lockedUntil: null, outcome: null })
    .where(eq(panelMessageBatches.id, batch.id));
  await tx
    .update(panelMessages)
    .set({
      deliveredCount: sql`${panelMessages.deliveredCount} + ${marked.sent}`,
      failedCount: sql`${panelMessages.failedCount} + ${marked.failed}`,
    })
    .where(eq(panelMessages.id, batch.messageId));
  return marked;
}

/**
 * Writes what the provider's answer means for a batch, in one transaction: accepted mails sent
 * with their provider ids and refused ones failed with the reason (the recorded content is
 * erased, as the outcome is known); a retry scheduled with the same key; or the batch failed.
 * The message is `sent` once nothing of it is pending. A batch another sender has settled in
 * the meantime is left alone.
 */
export async function recordOutcome(
  batch: ClaimedBatch,
  outcome: ProviderOutcome,
  tx?: DbOrTx,
): Promise<Marked> {
  return transaction(tx, async (tx) => {
    // The message row first: marking its batches one at a time keeps its counts exact and
    // lets the last one see that nothing is pending any more.
    await tx
      .select({ id: panelMessages.id })
      .from(panelMessages)
      .where(eq(panelMessages.id, batch.messageId))
      .for("update");
    const [current] = await tx
      .select({ status: panelMessageBatches.status, attempts: panelMessageBatches.attempts })
      .from(panelMessageBatches)
      .where(eq(panelMessageBatches.id, batch.id))
      .for("update");
    if (!current || current.status !== "pending") return { sent: 0, failed: 0 };

    let marked: Marked = { sent: 0, failed: 0 };
    if (outcome.kind === "accepted") {
      marked = await accept(tx, batch, current.attempts, outcome);
    } else if (outcome.kind === "failed") {
      marked.failed = await failBatch(tx, batch, outcome.reason);
    } else {
      const attempts = outcome.counts ? current.attempts : Math.max(0, current.attempts - 1);
      if (outcome.counts && attempts >= MAX_ATTEMPTS) {
        marked.failed = await failBatch(
          tx,
          batch,
          `${outcome.reason}; gave up after ${attempts} attempts`,
        );
      } else {
        await tx
          .update(panelMessageBatches)
          .set({
            attempts,
            lockedUntil: null,
            nextAttemptAt:
              outcome.retryAt ??
              sql`now() + make_interval(secs => ${outcome.delayMs / 1000}::float8)`,
          })
          .where(
            and(eq(panelMessageBatches.id, batch.id), eq(panelMessageBatches.status, "pending")),
          );
      }
    }
    await completeMessage(batch.messageId, tx);
    return marked;
  });
}

/**
 * Gives a claimed batch back unsent (its rate slot is too far off for this run): due again
 * when the slot comes, without using up an attempt.
 */
export async function releaseBatch(batch: ClaimedBatch, afterMs: number): Promise<void> {
  await recordOutcome(batch, {
    kind: "retry",
    reason: "Waiting for the provider's rate limit",
    delayMs: afterMs,
    counts: false,
  });
}
