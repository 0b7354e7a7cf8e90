import "server-only";
import { and, count, desc, eq, gte, lt, type SQL } from "drizzle-orm";
import { transaction, type DbOrTx } from "@/db/client";
import { auditChain, auditLog, type AuditLogRow } from "@/db/schema";
import type { AuditEntryDto, AuditFilters, AuditLogPage } from "./schemas.shared";

/** The conditions the filters make; `to` takes in the whole of its second. */
export function auditConditions(filters: AuditFilters): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.action) conditions.push(eq(auditLog.action, filters.action));
  if (filters.actor_id !== undefined) conditions.push(eq(auditLog.actorId, filters.actor_id));
  if (filters.from !== undefined) conditions.push(gte(auditLog.at, new Date(filters.from * 1000)));
  if (filters.to !== undefined) conditions.push(lt(auditLog.at, new Date((filters.to + 1) * 1000)));
  return and(...conditions);
}

export function toAuditEntry(row: AuditLogRow): AuditEntryDto {
  return {
    id: row.id,
    at: Math.floor(row.at.getTime() / 1000),
    actor: row.actorId === null ? null : { id: row.actorId, email: row.actorEmail ?? "" },
    action: row.action as AuditEntryDto["action"],
    target_type: row.targetType as AuditEntryDto["target_type"],
    target_id: row.targetId,
    details: row.details as AuditEntryDto["details"],
  };
}

/**
 * GET /api/audit_log: one page of rows, newest first (by id, which is the chain's order), with
 * the totals and the chain's head, all from one snapshot. A page past the end is empty with
 * the right totals.
 */
export async function listAuditLog(
  filters: AuditFilters,
  page: number,
  perPage: number,
  tx?: DbOrTx,
): Promise<AuditLogPage> {
  const where = auditConditions(filters);
  return transaction(
    tx,
    async (t) => {
      const [{ total }] = await t.select({ total: count() }).from(auditLog).where(where);
      const rows = await t
        .select()
        .from(auditLog)
        .where(where)
        .orderBy(desc(auditLog.id))
        .limit(perPage)
        .offset((page - 1) * perPage);
      const [head] = await t
        .select({ hash: auditChain.lastHash })
        .from(auditChain)
        .where(eq(auditChain.id, 1));
      return {
        items: rows.map(toAuditEntry),
        meta: {
          total_items: total,
          total_pages: Math.ceil(total / perPage),
          page,
          per_page: perPage,
        },
        head: head.hash,
      };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}
