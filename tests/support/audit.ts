import { asc, sql, type SQL } from "drizzle-orm";
import { getDb } from "@/db/client";
import { auditChain, auditLog } from "@/db/schema";

/** The rows of a raw statement: postgres.js answers an array, PGlite an object with `rows`. */
export async function rawRows<T>(statement: SQL): Promise<T[]> {
  const result = (await (await getDb()).execute(statement)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}

export async function auditRows() {
  return (await getDb()).select().from(auditLog).orderBy(asc(auditLog.id));
}

export async function chainHead() {
  const [head] = await (await getDb()).select().from(auditChain);
  return head;
}

/**
 * Runs raw statements against the audit table with its triggers switched off, as a database
 * owner tampering by hand would; they are switched on again whatever happens.
 */
export async function tamper(...statements: SQL[]): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.execute(sql`alter table audit_log disable trigger user`);
    await tx.execute(sql`alter table audit_chain disable trigger user`);
    for (const statement of statements) await tx.execute(statement);
    await tx.execute(sql`alter table audit_log enable trigger user`);
    await tx.execute(sql`alter table audit_chain enable trigger user`);
  });
}

/** Empties the log and puts the chain back at its start, as after migration (tests only). */
export async function resetAuditChain(): Promise<void> {
  const zero = "0".repeat(64);
  await tamper(
    sql`delete from audit_log`,
    sql`update audit_chain set last_id = 0, last_hash = ${zero}, first_id = 1, first_prev_hash = ${zero}`,
  );
}
