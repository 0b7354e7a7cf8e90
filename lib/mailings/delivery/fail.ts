import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { panelMessageBatches, panelMessageDeliveries, panelMessages } from "@/db/schema";

/**
 * Marks the still pending deliveries of a batch failed with `reason`, the batch failed and its
 * recorded content erased, and counts them on the message. Runs inside the caller's transaction.
 */
export async function failBatch(
  tx: DbOrTx,
  batch: { id: number; messageId: number },
  reason: string,
): Promise<number> {
  const failed = await tx
    .update(panelMessageDeliveries)
    .set({ status: "failed", lastError: reason })
    .where(
      and(
        eq(panelMessageDeliveries.batchId, batch.id),
        eq(panelMessageDeliveries.status, "pending"),
      ),
    )
    .returning({ id: panelMessageDeliveries.id });
  await tx
    .update(panelMessageBatches)
    .set({ status: "failed", outcome: reason, payload: null, lockedUntil: null })
    .where(eq(panelMessageBatches.id, batch.id));
  if (failed.length > 0) {
    await tx
      .update(panelMessages)
      .set({ failedCount: sql`${panelMessages.failedCount} + ${failed.length}` })
      .where(eq(panelMessages.id, batch.messageId));
  }
  return failed.length;
}
