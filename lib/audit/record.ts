import "server-only";
import { eq } from "drizzle-orm";
import { transaction, type DbOrTx } from "@/db/client";
import { auditChain, auditLog, type AuditLogRow } from "@/db/schema";
import {
  auditActionSpecs,
  type AuditAction,
  type AuditDetails,
  type AuditTargetType,
} from "./actions.shared";
import { chainHash } from "./chain";

/** Who acted: a staff account (only its id and address are copied), or null for nobody known. */
export type AuditActor = { id: number; email: string } | null;

export type AuditTarget = { type: AuditTargetType; id: number };

type DetailsField<A extends AuditAction> =
  Record<string, never> extends AuditDetails<A>
    ? { details?: AuditDetails<A> }
    : { details: AuditDetails<A> };

export type AuditEntry<A extends AuditAction> = {
  action: A;
  actor: AuditActor;
  target?: AuditTarget | null;
  /** When it happened; now unless a caller that controls the clock says otherwise. */
  now?: Date;
} & DetailsField<A>;

/**
 * Appends one row to the audit log, inside the caller's transaction so that the row and the
 * action it records are kept or undone together. Call it as the last write of that transaction:
 * it locks the chain's head row until the transaction ends, which makes every other audit write
 * wait (that is what keeps the chain a single line), so the lock should be held briefly.
 *
 * An entry that does not fit its action (unknown action, a target of another kind, details
 * with other or extra fields) throws: it is a programming error, never the user's.
 */
export async function recordAudit<A extends AuditAction>(
  tx: DbOrTx,
  entry: AuditEntry<A>,
): Promise<AuditLogRow> {
  const spec = auditActionSpecs[entry.action] as (typeof auditActionSpecs)[AuditAction] | undefined;
  if (!spec) throw new Error(`Unknown audit action "${entry.action}"`);
  const target = entry.target ?? null;
  if (target && target.type !== spec.target) {
    throw new Error(
      `Audit action "${entry.action}" is about a ${spec.target}, not a ${target.type}`,
    );
  }
  const details = spec.details.parse(entry.details ?? {});
  const content = {
    at: entry.now ?? new Date(),
    actorId: entry.actor?.id ?? null,
    actorEmail: entry.actor?.email ?? null,
    action: entry.action,
    targetType: target?.type ?? null,
    targetId: target?.id ?? null,
    details,
  };
  return transaction(tx, async (t) => {
    const [head] = await t
      .select({ lastId: auditChain.lastId, lastHash: auditChain.lastHash })
      .from(auditChain)
      .where(eq(auditChain.id, 1))
      .for("update");
    const row = { id: head.lastId + 1, ...content };
    const [written] = await t
      .insert(auditLog)
      .values({ ...row, prevHash: head.lastHash, hash: chainHash(head.lastHash, row) })
      .returning();
    return written;
  });
}
