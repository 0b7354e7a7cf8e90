import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb, transaction } from "@/db/client";
import { GENESIS_HASH } from "@/lib/audit/chain";
import { recordAudit } from "@/lib/audit/record";
import { verifyAuditChain } from "@/lib/audit/verify";
import { auditRows, chainHead, resetAuditChain, tamper } from "../../support/audit";

const actor = { id: 2, email: "staff@example.org" };

// Each test starts from a new chain of five rows.
let ids: number[] = [];
beforeEach(async () => {
  await resetAuditChain();
  const db = await getDb();
  ids = [];
  for (let i = 0; i < 5; i++) {
    const row = await recordAudit(db, {
      action: "study_status_changed",
      actor,
      target: { type: "study", id: 10 + i },
      details: { from: "not_started", to: "open" },
    });
    ids.push(row.id);
  }
});

async function verify(options?: Parameters<typeof verifyAuditChain>[1]) {
  return verifyAuditChain(await getDb(), options);
}

describe("verifyAuditChain", () => {
  it("passes an empty chain", async () => {
    await resetAuditChain();
    expect(await verify()).toEqual({
      ok: true,
      rowsChecked: 0,
      firstId: 1,
      lastId: 0,
      head: GENESIS_HASH,
    });
  });

  it("passes a whole chain, read in pages of any size", async () => {
    const head = await chainHead();
    expect(ids).toEqual([1, 2, 3, 4, 5]);
    for (const pageSize of [1, 2, 3, 1000]) {
      expect(await verify({ pageSize })).toEqual({
        ok: true,
        rowsChecked: head.lastId - head.firstId + 1,
        firstId: 1,
        lastId: head.lastId,
        head: head.lastHash,
      });
    }
  });

  it("passes inside a caller's transaction, seeing that transaction's rows", async () => {
    await transaction(undefined, async (tx) => {
      const row = await recordAudit(tx, { action: "sign_out_everywhere", actor });
      const report = await verifyAuditChain(tx);
      expect(report).toMatchObject({ ok: true, lastId: row.id, head: row.hash });
    });
  });

  it("names a row whose content was changed by hand", async () => {
    await tamper(
      sql`update audit_log set details = '{"from":"open","to":"open"}' where id = ${ids[2]}`,
    );
    expect(await verify()).toMatchObject({
      ok: false,
      problem: { kind: "wrong_hash", rowId: ids[2] },
      rowsChecked: ids[2] - 1,
    });
  });

  it("finds a change in any field the hash covers", async () => {
    const changes = [
      sql`update audit_log set at = at + interval '1 second' where id = ${ids[1]}`,
      sql`update audit_log set actor_id = 3 where id = ${ids[1]}`,
      sql`update audit_log set actor_email = 'x@example.org' where id = ${ids[1]}`,
      sql`update audit_log set action = 'study_deleted' where id = ${ids[1]}`,
      sql`update audit_log set target_type = 'staff' where id = ${ids[1]}`,
      sql`update audit_log set target_id = 99 where id = ${ids[1]}`,
    ];
    for (const change of changes) {
      const before = await auditRows();
      await tamper(change);
      expect(await verify()).toMatchObject({
        ok: false,
        problem: { kind: "wrong_hash", rowId: ids[1] },
      });
      await tamper(sql`delete from audit_log where id >= ${ids[0]}`);
      const again = before.filter((r) => r.id >= ids[0]);
      for (const r of again) {
        await tamper(sql`insert into audit_log values (${r.id}, ${r.at.toISOString()}, ${r.actorId},
          ${r.actorEmail}, ${r.action}, ${r.targetType}, ${r.targetId}, ${JSON.stringify(r.details)}::jsonb,
          ${r.prevHash}, ${r.hash})`);
      }
      expect(await verify()).toMatchObject({ ok: true });
    }
  });

  it("names a row that no longer follows the one before", async () => {
    await tamper(sql`update audit_log set prev_hash = ${"a".repeat(64)} where id = ${ids[3]}`);
    expect(await verify()).toMatchObject({
      ok: false,
      problem: { kind: "wrong_link", rowId: ids[3] },
    });
  });

  it("finds a rewritten row whose own hash was recomputed: the next one no longer follows it", async () => {
    await tamper(sql`update audit_log set hash = ${"b".repeat(64)} where id = ${ids[1]}`);
    expect(await verify()).toMatchObject({
      ok: false,
      problem: { kind: "wrong_hash", rowId: ids[1] },
    });
  });

  it("names the first missing row when rows were removed in the middle", async () => {
    await tamper(sql`delete from audit_log where id in (${ids[1]}, ${ids[2]})`);
    expect(await verify()).toMatchObject({
      ok: false,
      problem: { kind: "missing_row", rowId: ids[1] },
    });
  });

  it("names the first missing row when rows were removed at the end", async () => {
    await tamper(sql`delete from audit_log where id >= ${ids[3]}`);
    expect(await verify({ pageSize: 2 })).toMatchObject({
      ok: false,
      problem: { kind: "missing_row", rowId: ids[3] },
    });
  });

  it("finds the first row missing when the very first ones were removed", async () => {
    await tamper(sql`delete from audit_log where id < 3`);
    expect(await verify()).toMatchObject({ ok: false, problem: { kind: "missing_row", rowId: 1 } });
  });

  it("finds a head row that does not match the last row, or rows beyond it", async () => {
    const head = await chainHead();
    await tamper(sql`update audit_chain set last_hash = ${"c".repeat(64)}`);
    expect(await verify()).toMatchObject({
      ok: false,
      problem: { kind: "head_mismatch", rowId: head.lastId },
    });
    await tamper(sql`update audit_chain set last_id = last_id - 2, last_hash = ${head.lastHash}`);
    expect(await verify()).toMatchObject({
      ok: false,
      problem: { kind: "head_mismatch", rowId: head.lastId - 1 },
      lastId: head.lastId - 2,
    });
  });

  it("finds a hash kept elsewhere at the head, at an earlier row, or at the chain's start", async () => {
    const rows = await auditRows();
    const head = await chainHead();
    expect(await verify({ expectedHead: head.lastHash })).toMatchObject({
      ok: true,
      expected: { at: "head", rowId: head.lastId },
    });
    expect(await verify({ expectedHead: rows[2].hash })).toMatchObject({
      ok: true,
      expected: { at: "row", rowId: rows[2].id },
    });
    expect(await verify({ expectedHead: GENESIS_HASH })).toMatchObject({
      ok: true,
      expected: { at: "start", rowId: null },
    });
    expect(await verify({ expectedHead: "d".repeat(64) })).toMatchObject({
      ok: false,
      problem: { kind: "expected_head_not_found", rowId: null },
    });
    expect((await verify()).expected).toBeUndefined();
  });

  it("finds a chain rewritten from some row on, hashes and head included, by the kept hash", async () => {
    const kept = (await chainHead()).lastHash;
    // Rewrite the last two rows consistently, as someone who knows the scheme could.
    const rows = await auditRows();
    const { chainHash } = await import("@/lib/audit/chain");
    const statements = [sql`delete from audit_log where id >= ${ids[3]}`];
    let prev = rows.find((r) => r.id === ids[2])!.hash;
    for (const r of rows.filter((row) => row.id >= ids[3])) {
      const forged = { ...r, actorEmail: "someone-else@example.org" };
      const hash = chainHash(prev, forged);
      statements.push(sql`insert into audit_log values (${r.id}, ${r.at.toISOString()}, ${r.actorId},
        'someone-else@example.org', ${r.action}, ${r.targetType}, ${r.targetId},
        ${JSON.stringify(r.details)}::jsonb, ${prev}, ${hash})`);
      prev = hash;
    }
    statements.push(sql`update audit_chain set last_hash = ${prev}`);
    await tamper(...statements);
    expect(await verify()).toMatchObject({ ok: true });
    expect(await verify({ expectedHead: kept })).toMatchObject({
      ok: false,
      problem: { kind: "expected_head_not_found" },
    });
  });
});
