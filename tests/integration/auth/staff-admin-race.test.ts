import { eq } from "drizzle-orm";
import { describe, expect, it, inject } from "vitest";
import { getDb } from "@/db/client";
import { sessions, staffUsers } from "@/db/schema";
import { setStaffAdmin } from "@/lib/auth/staff-admin";
import { staffWithSession } from "../../support/staff";

// Taking the admin role away ends the account's sessions, judged by the role the account has
// when the change is made (its row locked), not by what was read a moment before. Needs two
// connections at once, so Postgres only: the embedded database has one.

describe.runIf(inject("testDatabase").kind === "postgres")("a demotion racing a grant", () => {
  it("ends the sessions of an account made admin between the read and the change", async () => {
    const { user: by, sessionId } = await staffWithSession({ admin: true });
    const { user: target } = await staffWithSession();
    const db = await getDb();

    // Another admin's grant: its row change is made and held, not yet committed.
    let commitGrant = () => {};
    const held = new Promise<void>((resolve) => (commitGrant = resolve));
    let granted = () => {};
    const grantMade = new Promise<void>((resolve) => (granted = resolve));
    const grant = db.transaction(async (tx) => {
      await tx.update(staffUsers).set({ isAdmin: true }).where(eq(staffUsers.id, target.id));
      granted();
      await held;
    });
    await grantMade;

    // The demotion reads the account (not admin, as far as it can see) and waits for the row.
    const demotion = setStaffAdmin(target.id, { is_admin: false }, { user: by, sessionId });
    await new Promise((r) => setTimeout(r, 300));
    commitGrant();
    await grant;
    await demotion;

    const [row] = await db.select().from(staffUsers).where(eq(staffUsers.id, target.id));
    expect(row.isAdmin).toBe(false);
    expect(await db.select().from(sessions).where(eq(sessions.userId, target.id))).toEqual([]);
  });
});
