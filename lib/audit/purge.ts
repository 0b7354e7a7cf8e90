import "server-only";
import { eq, sql } from "drizzle-orm";
import { getConfig } from "@/config";
import { transaction, type DbOrTx } from "@/db/client";
import { auditChain } from "@/db/schema";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Removes the audit rows older than AUDIT_RETENTION_DAYS through the database's own purge
 * (migration 0008's `audit_log_purge`, the one way rows may be deleted), which moves the
 * chain's recorded start to the first row kept so the rest still verifies. Returns how many
 * rows went (ids are consecutive, so it is how far the start moved).
 */
export async function purgeAuditLog(now = new Date(), tx?: DbOrTx): Promise<number> {
  const cutoff = new Date(now.getTime() - getConfig().auditRetentionDays * DAY_MS);
  return transaction(tx, async (t) => {
    // Locked first, so no other purge moves the start between the two reads.
    const [before] = await t
      .select({ firstId: auditChain.firstId })
      .from(auditChain)
      .where(eq(auditChain.id, 1))
      .for("update");
    await t.execute(sql`select audit_log_purge(${cutoff.toISOString()}::timestamptz)`);
    const [after] = await t
      .select({ firstId: auditChain.firstId })
      .from(auditChain)
      .where(eq(auditChain.id, 1));
    return after.firstId - before.firstId;
  });
}
