import { describe, expect, it } from "vitest";
import { getDb, transaction } from "@/db/client";
import { auditLog } from "@/db/schema";
import type { AuditAction } from "@/lib/audit/actions.shared";
import { chainHash, GENESIS_HASH } from "@/lib/audit/chain";
import { recordAudit, type AuditEntry } from "@/lib/audit/record";
import { verifyAuditChain } from "@/lib/audit/verify";
import { auditRows, chainHead } from "../../support/audit";

const actor = { id: 41, email: "admin@example.org" };

class Rollback extends Error {}

describe("recordAudit", () => {
  it("starts the chain at the all-zero hash and links every row to the one before", async () => {
    const db = await getDb();
    expect(await chainHead()).toMatchObject({
      lastId: 0,
      lastHash: GENESIS_HASH,
      firstId: 1,
      firstPrevHash: GENESIS_HASH,
    });
    const at = new Date("2026-02-03T04:05:06.789Z");
    const first = await recordAudit(db, {
      action: "study_status_changed",
      actor: { ...actor, name: "not copied" } as typeof actor,
      target: { type: "study", id: 5 },
      details: { from: "not_started", to: "open" },
      now: at,
    });
    const second = await recordAudit(db, { action: "sign_out_everywhere", actor: null });

    expect(first).toMatchObject({
      id: 1,
      at,
      actorId: 41,
      actorEmail: "admin@example.org",
      action: "study_status_changed",
      targetType: "study",
      targetId: 5,
      details: { from: "not_started", to: "open" },
      prevHash: GENESIS_HASH,
    });
    expect(first.hash).toBe(chainHash(GENESIS_HASH, first));
    expect(second).toMatchObject({
      id: 2,
      actorId: null,
      actorEmail: null,
      targetType: null,
      targetId: null,
      details: {},
      prevHash: first.hash,
    });
    expect(second.hash).toBe(chainHash(first.hash, second));
    expect(Math.abs(second.at.getTime() - Date.now())).toBeLessThan(60_000);
    expect(await auditRows()).toEqual([first, second]);
    expect(await chainHead()).toMatchObject({ lastId: 2, lastHash: second.hash, firstId: 1 });
  });

  it("is undone with the caller's transaction, leaving the head where it was", async () => {
    const before = await chainHead();
    await expect(
      transaction(undefined, async (tx) => {
        await recordAudit(tx, { action: "study_deleted", actor, target: { type: "study", id: 9 } });
        expect((await tx.select().from(auditLog)).length).toBe(before.lastId + 1);
        throw new Rollback();
      }),
    ).rejects.toBeInstanceOf(Rollback);
    expect(await chainHead()).toEqual(before);
    const next = await recordAudit(await getDb(), { action: "password_changed", actor });
    expect(next.id).toBe(before.lastId + 1);
    expect(next.prevHash).toBe(before.lastHash);
  });

  it("keeps one line when many write at once", async () => {
    const db = await getDb();
    const before = await chainHead();
    const written = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        transaction(undefined, (tx) =>
          recordAudit(tx, {
            action: "panel_member_deleted",
            actor,
            target: { type: "panel_member", id: i + 1 },
          }),
        ),
      ),
    );
    const ids = written.map((r) => r.id).sort((a, b) => a - b);
    expect(ids).toEqual(Array.from({ length: 12 }, (_, i) => before.lastId + 1 + i));
    const report = await verifyAuditChain(db);
    expect(report).toMatchObject({ ok: true, lastId: before.lastId + 12 });
  });

  it("refuses an entry that does not fit its action, writing nothing", async () => {
    const db = await getDb();
    const before = await chainHead();
    const wrong: AuditEntry<AuditAction>[] = [
      { action: "no_such_action" as AuditAction, actor },
      { action: "study_deleted", actor, target: { type: "staff", id: 1 } },
      { action: "sign_in", actor, details: {} as never },
      { action: "sign_in", actor, details: { two_factor: "yes" } as never },
      { action: "sign_in", actor, details: { two_factor: true, email: "x@example.org" } as never },
      { action: "message_sent", actor, details: { recipients: -1 } },
      { action: "attachment_deleted", actor, details: { study_id: 0 } },
      { action: "study_status_changed", actor, details: { from: "open", to: "closed" } as never },
    ];
    for (const entry of wrong) await expect(recordAudit(db, entry)).rejects.toThrow();
    await expect(
      recordAudit(db, { action: "no_such_action" as AuditAction, actor }),
    ).rejects.toThrow('Unknown audit action "no_such_action"');
    await expect(
      recordAudit(db, { action: "study_deleted", actor, target: { type: "staff", id: 1 } }),
    ).rejects.toThrow('Audit action "study_deleted" is about a study, not a staff');
    expect(await chainHead()).toEqual(before);
  });

  it("accepts the details an action allows", async () => {
    const db = await getDb();
    const row = await recordAudit(db, {
      action: "attachment_uploaded",
      actor,
      target: { type: "attachment", id: 3 },
      details: { study_id: 2 },
    });
    expect(row.details).toEqual({ study_id: 2 });
    const none = await recordAudit(db, { action: "message_deleted", actor, target: null });
    expect(none.targetType).toBeNull();
  });

  // Without the lock the second writer would read the head before the first commits and its
  // row would be refused as not following the head.
  it("reads the head under a lock, so a writer waits for the one before it", async () => {
    const order: string[] = [];
    let releaseFirst!: () => void;
    const firstHolds = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstWrote!: () => void;
    const wrote = new Promise<void>((resolve) => (firstWrote = resolve));
    const first = transaction(undefined, async (tx) => {
      await recordAudit(tx, { action: "two_factor_enabled", actor });
      firstWrote();
      await firstHolds;
      order.push("first commits");
    });
    await wrote;
    const second = transaction(undefined, async (tx) => {
      const row = await recordAudit(tx, { action: "two_factor_disabled", actor });
      order.push("second wrote");
      return row;
    });
    releaseFirst();
    await first;
    const row = await second;
    expect(order).toEqual(["first commits", "second wrote"]);
    expect(row.prevHash).toBe((await auditRows()).at(-2)!.hash);
  });
});
