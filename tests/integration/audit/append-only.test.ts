import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { recordAudit } from "@/lib/audit/record";
import { auditRows, chainHead, rawRows } from "../../support/audit";

// The database itself refuses to change or remove what the log holds; only the retention purge
// (audit_log_purge) may delete, and only rows before the start it moves the chain to.

const actor = { id: 1, email: "admin@example.org" };

async function refused(statement: ReturnType<typeof sql>, message: RegExp) {
  const db = await getDb();
  const error = await db.execute(statement).then(
    () => null,
    (e: unknown) => e as Error & { cause?: Error },
  );
  expect(error, "the statement should have been refused").not.toBeNull();
  expect(String(error!.cause?.message ?? error!.message)).toMatch(message);
}

beforeAll(async () => {
  const db = await getDb();
  for (let i = 1; i <= 3; i++) {
    await recordAudit(db, { action: "study_created", actor, target: { type: "study", id: i } });
  }
});

describe("audit_log is append-only", () => {
  it("refuses UPDATE, DELETE and TRUNCATE, and keeps every row as it was", async () => {
    const before = await auditRows();
    await refused(
      sql`update audit_log set action = 'study_deleted' where id = 2`,
      /append-only: UPDATE/,
    );
    await refused(sql`update audit_log set details = '{}'`, /append-only: UPDATE/);
    await refused(sql`delete from audit_log where id = 3`, /append-only: DELETE/);
    await refused(sql`delete from audit_log`, /append-only: DELETE/);
    await refused(sql`truncate audit_log`, /append-only: TRUNCATE/);
    expect(await auditRows()).toEqual(before);
  });

  it("refuses a DELETE that merely claims to be the purge", async () => {
    const db = await getDb();
    const before = await auditRows();
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('audit_log.purging', 'on', true)`);
        await tx.execute(sql`delete from audit_log where id = 1`);
      }),
    ).rejects.toThrow();
    expect(await auditRows()).toEqual(before);
  });

  it("accepts a row only as the chain's next one", async () => {
    const head = await chainHead();
    const insert = (id: number, prev: string) =>
      sql`insert into audit_log (id, at, action, details, prev_hash, hash)
          values (${id}, now(), 'study_created', '{}'::jsonb, ${prev}, ${"f".repeat(64)})`;
    await refused(insert(head.lastId + 2, head.lastHash), /does not follow the head/);
    await refused(insert(head.lastId + 1, "e".repeat(64)), /does not follow the head/);
    await refused(insert(head.lastId, head.lastHash), /does not follow the head|duplicate key/);
    expect(await chainHead()).toEqual(head);
  });
});

describe("audit_chain, the head row", () => {
  it("moves only with a new row, and never backwards or away", async () => {
    const head = await chainHead();
    await refused(sql`update audit_chain set last_id = last_id - 1`, /moves only with audit_log/);
    await refused(sql`update audit_chain set last_hash = ${"a".repeat(64)}`, /moves only/);
    await refused(sql`update audit_chain set first_id = 2`, /moves only/);
    await refused(sql`update audit_chain set last_id = last_id + 1`, /moves only/);
    await refused(sql`update audit_chain set id = 2`, /moves only|audit_chain_one_row/);
    await refused(sql`delete from audit_chain`, /moves only with audit_log: DELETE/);
    await refused(sql`truncate audit_chain`, /moves only with audit_log: TRUNCATE/);
    await refused(
      sql`insert into audit_chain values (2, 0, ${"0".repeat(64)}, 1, ${"0".repeat(64)})`,
      /audit_chain_one_row/,
    );
    expect(await chainHead()).toEqual(head);
    const rows = await rawRows<{ n: number }>(sql`select count(*)::int as n from audit_chain`);
    expect(rows[0].n).toBe(1);
  });

  it("lets the start move only forward, only while purging, and not past the head", async () => {
    const db = await getDb();
    const head = await chainHead();
    const moveStart = (firstId: number) =>
      db
        .transaction(async (tx) => {
          await tx.execute(sql`select set_config('audit_log.purging', 'on', true)`);
          await tx.execute(sql`update audit_chain set first_id = ${firstId}`);
          throw new Error("rolled back on purpose");
        })
        .catch((e: Error & { cause?: Error }) => e.cause?.message ?? e.message);
    expect(await moveStart(head.firstId)).toMatch(/moves only/);
    expect(await moveStart(head.lastId + 2)).toMatch(/moves only/);
    expect(await moveStart(head.lastId + 1)).toBe("rolled back on purpose");
    expect(await chainHead()).toEqual(head);
  });
});
