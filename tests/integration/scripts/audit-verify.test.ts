import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPglite, type Database } from "@/db/client";
import { recordAudit } from "@/lib/audit/record";
import { runScript } from "../../support/run-script";

// The command-line check in a process of its own, on an embedded database of its own.
const dataDir = mkdtempSync(path.join(os.tmpdir(), "rp-audit-verify-"));
const pgliteDir = path.join(dataDir, "pglite");
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function auditVerify(args: string[]) {
  return runScript("scripts/audit-verify.ts", args, pgliteDir);
}

/** Opens the embedded database for one piece of work (the script needs it closed). */
async function withDatabase<T>(work: (database: Database) => Promise<T>): Promise<T> {
  const database = await openPglite(pgliteDir);
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

const hashes: string[] = [];
beforeAll(async () => {
  await withDatabase(async ({ db }) => {
    for (let i = 1; i <= 4; i++) {
      const row = await recordAudit(db, {
        action: "study_created",
        actor: { id: 1, email: "admin@example.org" },
        target: { type: "study", id: i },
      });
      hashes.push(row.hash);
    }
  });
}, 60_000);

describe("npm run audit:verify", () => {
  it("says a whole chain is whole, with its head, and finds a hash kept elsewhere", async () => {
    const whole = await auditVerify([]);
    expect(whole).toMatchObject({ code: 0, stderr: "" });
    expect(whole.stdout).toContain("Audit log chain is whole.");
    expect(whole.stdout).toContain("Rows checked: 4 (chain from row 1 to row 4).");
    expect(whole.stdout).toContain(`Head: ${hashes[3]}`);

    const atHead = await auditVerify(["--expect", hashes[3].toUpperCase()]);
    expect(atHead.code).toBe(0);
    expect(atHead.stdout).toContain("The expected hash is the current head.");

    const earlier = await auditVerify(["--expect", hashes[1]]);
    expect(earlier.code).toBe(0);
    expect(earlier.stdout).toContain("The expected hash is row 2's; 2 rows were written since.");

    const unknown = await auditVerify(["--expect", "e".repeat(64)]);
    expect(unknown.code).toBe(1);
    expect(unknown.stdout).toContain("BROKEN: the expected hash is not in the chain");
  }, 120_000);

  it("refuses an --expect that is not a hash, and unknown options", async () => {
    const notHash = await auditVerify(["--expect", "abc"]);
    expect(notHash.code).toBe(2);
    expect(notHash.stderr).toContain("--expect needs a SHA-256 hash");
    const unknown = await auditVerify(["--repair"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("Usage:");
  }, 60_000);

  it("names the first row changed by hand", async () => {
    await withDatabase(async ({ db }) => {
      await db.execute(sql`alter table audit_log disable trigger user`);
      await db.execute(sql`update audit_log set target_id = 99 where id = 3`);
      await db.execute(sql`alter table audit_log enable trigger user`);
    });
    const broken = await auditVerify([]);
    expect(broken.code).toBe(1);
    expect(broken.stdout).toContain(
      "Audit log chain is BROKEN: row 3 was changed after it was written",
    );
    expect(broken.stdout).toContain("Rows checked: 2");
  }, 60_000);
});
