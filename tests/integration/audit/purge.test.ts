import { beforeEach, describe, expect, it } from "vitest";
import { getConfig } from "@/config";
import { getDb, transaction } from "@/db/client";
import { GENESIS_HASH } from "@/lib/audit/chain";
import { purgeAuditLog } from "@/lib/audit/purge";
import { recordAudit } from "@/lib/audit/record";
import { verifyAuditChain } from "@/lib/audit/verify";
import { runHousekeeping } from "@/lib/jobs/housekeeping";
import { auditRows, chainHead, resetAuditChain } from "../../support/audit";

const DAY = 24 * 60 * 60 * 1000;
const now = new Date("2026-06-01T12:00:00.000Z");
const actor = { id: 1, email: "admin@example.org" };

/** Rows written `daysAgo` days before `now`, oldest first. */
async function writeRows(...daysAgo: number[]) {
  const db = await getDb();
  const rows = [];
  for (const days of daysAgo) {
    rows.push(
      await recordAudit(db, {
        action: "sign_in",
        actor,
        target: { type: "staff", id: 1 },
        details: { two_factor: true },
        now: new Date(now.getTime() - days * DAY),
      }),
    );
  }
  return rows;
}

beforeEach(() => resetAuditChain());

describe("the retention purge", () => {
  it("keeps rows for AUDIT_RETENTION_DAYS, 730 unless set", () => {
    expect(getConfig().auditRetentionDays).toBe(730);
  });

  it("removes the rows older than the retention period and re-anchors the chain", async () => {
    const rows = await writeRows(900, 800, 731, 729, 10, 0);
    expect(await purgeAuditLog(now)).toBe(3);
    const kept = await auditRows();
    expect(kept.map((r) => r.id)).toEqual([4, 5, 6]);
    expect(await chainHead()).toEqual({
      id: 1,
      lastId: 6,
      lastHash: rows[5].hash,
      firstId: 4,
      firstPrevHash: rows[2].hash,
    });
    expect(await verifyAuditChain(await getDb())).toMatchObject({
      ok: true,
      rowsChecked: 3,
      firstId: 4,
      lastId: 6,
    });
    // A hash noted before the purge at a row it removed is no longer there to be found, except
    // the one the chain now starts from.
    const db = await getDb();
    expect(await verifyAuditChain(db, { expectedHead: rows[2].hash })).toMatchObject({
      ok: true,
      expected: { at: "start" },
    });
    expect(await verifyAuditChain(db, { expectedHead: rows[1].hash })).toMatchObject({
      ok: false,
    });
  });

  it("keeps a row written exactly at the cutoff and removes the one a millisecond before", async () => {
    const db = await getDb();
    const cutoff = now.getTime() - 730 * DAY;
    await recordAudit(db, { action: "password_changed", actor, now: new Date(cutoff - 1) });
    await recordAudit(db, { action: "password_changed", actor, now: new Date(cutoff) });
    expect(await purgeAuditLog(now)).toBe(1);
    expect((await auditRows()).map((r) => r.id)).toEqual([2]);
  });

  it("removes only a prefix: nothing after the first row that is still young", async () => {
    // A row stamped earlier than the one before it (clocks of two servers) stays with its
    // neighbours, so the chain keeps no hole.
    await writeRows(900, 100, 800, 0);
    expect(await purgeAuditLog(now)).toBe(1);
    expect((await auditRows()).map((r) => r.id)).toEqual([2, 3, 4]);
    expect(await verifyAuditChain(await getDb())).toMatchObject({ ok: true, firstId: 2 });
  });

  it("does nothing when nothing is old enough, and again when run twice", async () => {
    await writeRows(5, 1);
    const head = await chainHead();
    expect(await purgeAuditLog(now)).toBe(0);
    expect(await chainHead()).toEqual(head);
    await writeRows(1000);
    expect(await purgeAuditLog(new Date(now.getTime() + 2000 * DAY))).toBe(3);
    expect(await purgeAuditLog(new Date(now.getTime() + 2000 * DAY))).toBe(0);
  });

  it("can empty the log; the chain then continues from the last hash and still verifies", async () => {
    const rows = await writeRows(1000, 900);
    expect(await purgeAuditLog(now)).toBe(2);
    expect(await auditRows()).toEqual([]);
    expect(await chainHead()).toMatchObject({
      lastId: 2,
      lastHash: rows[1].hash,
      firstId: 3,
      firstPrevHash: rows[1].hash,
    });
    const db = await getDb();
    expect(await verifyAuditChain(db)).toMatchObject({ ok: true, rowsChecked: 0 });
    const [next] = await writeRows(0);
    expect(next).toMatchObject({ id: 3, prevHash: rows[1].hash });
    expect(await verifyAuditChain(db)).toMatchObject({ ok: true, rowsChecked: 1, firstId: 3 });
  });

  it("on an empty new chain changes nothing", async () => {
    expect(await purgeAuditLog(now)).toBe(0);
    expect(await chainHead()).toMatchObject({ lastId: 0, firstId: 1, firstPrevHash: GENESIS_HASH });
  });

  it("runs inside a caller's transaction, and is undone with it", async () => {
    await writeRows(1000, 0);
    await expect(
      transaction(undefined, async (tx) => {
        expect(await purgeAuditLog(now, tx)).toBe(1);
        throw new Error("undo");
      }),
    ).rejects.toThrow("undo");
    expect((await auditRows()).map((r) => r.id)).toEqual([1, 2]);
  });

  it("is part of the periodic housekeeping", async () => {
    await writeRows(1000, 0);
    await runHousekeeping(now);
    expect((await auditRows()).map((r) => r.id)).toEqual([2]);
  });
});
