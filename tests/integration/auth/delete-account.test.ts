import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { sessions, staffUsers } from "@/db/schema";
import * as deleteAccount from "@/app/api/delete_account/route";
import * as login from "@/app/api/login/route";
import * as whoami from "@/app/api/whoami/route";
import { call } from "../../support/http";
import { account, PASSWORD, quietLogs, signIn } from "../../support/auth";

quietLogs();

describe("DELETE /api/delete_account", () => {
  it("removes the account and all its sessions and clears the cookie", async () => {
    const { email, user } = await account();
    const cookie = await signIn(email);
    const other = await signIn(email, PASSWORD, "192.0.2.201");
    const res = await call(deleteAccount.DELETE, {
      method: "DELETE",
      cookie,
      body: { password: PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    expect(res.setCookies.some((c) => c.startsWith("session=;") && c.includes("Max-Age=0"))).toBe(
      true,
    );
    const db = await getDb();
    expect(await db.select().from(staffUsers).where(eq(staffUsers.id, user.id))).toHaveLength(0);
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    expect((await call(whoami.GET, { cookie: other })).status).toBe(401);
    expect((await call(login.POST, { body: { email, password: PASSWORD } })).status).toBe(401);
  });

  it("the last admin cannot delete their own account: 409 code 8", async () => {
    const db = await getDb();
    await db.update(staffUsers).set({ isAdmin: false });
    const { email, user } = await account({ admin: true });
    const cookie = await signIn(email);
    const res = await call(deleteAccount.DELETE, {
      method: "DELETE",
      cookie,
      body: { password: PASSWORD },
    });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe(8);
    expect(res.body.error.message).toMatch(/last admin/);
    expect(await db.select().from(staffUsers).where(eq(staffUsers.id, user.id))).toHaveLength(1);

    // With a second admin it can.
    await account({ admin: true });
    expect(
      (await call(deleteAccount.DELETE, { method: "DELETE", cookie, body: { password: PASSWORD } }))
        .status,
    ).toBe(200);
  });

  it("an admin whose only fellow admin never accepted the invitation is still the last: 409 code 8", async () => {
    const db = await getDb();
    await db.update(staffUsers).set({ isAdmin: false });
    const { email, user } = await account({ admin: true });
    const { user: invited } = await account({ admin: true });
    // Invited, never signed in: no password yet (a mistyped address, say).
    await db.update(staffUsers).set({ passwordHash: null }).where(eq(staffUsers.id, invited.id));
    const cookie = await signIn(email);
    const res = await call(deleteAccount.DELETE, {
      method: "DELETE",
      cookie,
      body: { password: PASSWORD },
    });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe(8);
    expect(await db.select().from(staffUsers).where(eq(staffUsers.id, user.id))).toHaveLength(1);
  });

  it("is refused from another site", async () => {
    const { email, user } = await account();
    const cookie = await signIn(email);
    const res = await call(deleteAccount.DELETE, {
      method: "DELETE",
      cookie,
      origin: "https://evil.example",
      body: { password: PASSWORD },
    });
    expect(res.status).toBe(403);
    const db = await getDb();
    expect(await db.select().from(staffUsers).where(eq(staffUsers.id, user.id))).toHaveLength(1);
  });
});
