import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openPglite } from "@/db/client";
import { auditLog, sessions, staffUsers } from "@/db/schema";
import { runScript } from "../../support/run-script";

// The command-line tool in a process of its own, on an embedded database of its own.
const dataDir = mkdtempSync(path.join(os.tmpdir(), "rp-staff-reset-2fa-"));
const pgliteDir = path.join(dataDir, "pglite");
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function resetTwoFactor(args: string[]) {
  return runScript("scripts/staff-reset-2fa.ts", args, pgliteDir);
}

async function withDatabase<T>(
  work: (db: Awaited<ReturnType<typeof openPglite>>["db"]) => Promise<T>,
) {
  const database = await openPglite(pgliteDir);
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

describe("npm run staff:reset-2fa", () => {
  it("turns the account's two-factor off, ends its sessions and writes the audit row", async () => {
    const userId = await withDatabase(async (db) => {
      const [admin] = await db
        .insert(staffUsers)
        .values({
          email: "last.admin@example.org",
          isAdmin: true,
          isVerified: true,
          twoFactorEnabled: true,
          totpSecret: "sealed",
          totpLastStep: 12,
        })
        .returning();
      await db.insert(sessions).values({
        id: "a".repeat(64),
        userId: admin.id,
        expiresAt: new Date(Date.now() + 60_000),
      });
      return admin.id;
    });

    const res = await resetTwoFactor(["--email", "Last.Admin@example.org"]);
    expect(res.stderr).toBe("");
    expect(res.code).toBe(0);
    expect(res.stdout).toContain("Two-factor sign-in is off for last.admin@example.org");

    await withDatabase(async (db) => {
      const [row] = await db.select().from(staffUsers);
      expect(row).toMatchObject({
        id: userId,
        twoFactorEnabled: false,
        totpSecret: null,
        totpLastStep: null,
      });
      expect(await db.select().from(sessions)).toEqual([]);
      const rows = await db.select().from(auditLog);
      expect(rows).toMatchObject([
        { action: "two_factor_reset", actorId: null, targetType: "staff", targetId: userId },
      ]);
    });
  }, 60_000);

  it("names an unknown address and changes nothing", async () => {
    const res = await resetTwoFactor(["--email", "nobody@example.org"]);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain("no staff account has the address nobody@example.org");
    await withDatabase(async (db) => {
      expect(await db.select().from(auditLog)).toHaveLength(1);
    });
  }, 60_000);

  it("needs an address", async () => {
    const res = await resetTwoFactor([]);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain("Usage: npm run staff:reset-2fa");
  }, 60_000);
});
