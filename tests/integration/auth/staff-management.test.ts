import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { passwordResetTokens, sessions, staffUsers } from "@/db/schema";
import { clearMemoryOutbox, memoryOutbox } from "@/lib/mail/transports/memory";
import * as staff from "@/app/api/staff/route";
import * as staffMember from "@/app/api/staff/[id]/route";
import * as resendInvite from "@/app/api/staff/[id]/resend_invite/route";
import * as reset from "@/app/api/reset_password/route";
import * as deleteAccount from "@/app/api/delete_account/route";
import * as login from "@/app/api/login/route";
import { call } from "../../support/http";
import { account, fragmentParams, quietLogs, signIn, userRow } from "../../support/auth";

quietLogs();
beforeEach(() => clearMemoryOutbox());

async function admin() {
  const a = await account({ admin: true });
  return { ...a, cookie: await signIn(a.email) };
}

function inviteLink() {
  const mail = memoryOutbox().at(-1)!;
  return { mail, link: new URL(mail.text.match(/https?:\/\/\S+reset-password\S+/)![0]) };
}

describe("staff management (admins only)", () => {
  it("lists staff with their role and whether the invitation is pending", async () => {
    const a = await admin();
    const res = await call(staff.GET, { cookie: a.cookie });
    expect(res.status).toBe(200);
    const me = res.body.items.find((i: { id: number }) => i.id === a.user.id);
    expect(me).toEqual({
      id: a.user.id,
      email: a.email,
      name: a.user.name,
      is_admin: true,
      is_verified: true,
      two_factor_enabled: false,
      two_factor_setup_required: false,
      invitation_pending: false,
      created_at: Math.floor(a.user.createdAt.getTime() / 1000),
    });
    expect(JSON.stringify(res.body)).not.toContain("argon2");
  });

  it("invites an admin only with the caller's own password: missing 22, wrong 3, right 200", async () => {
    const a = await admin();
    const db = await getDb();
    const invite = (extra: Record<string, unknown>) =>
      call(staff.POST, {
        cookie: a.cookie,
        body: { email: "new.admin@example.org", name: "New Admin", is_admin: true, ...extra },
      });
    const exists = async () =>
      (await db.select().from(staffUsers).where(eq(staffUsers.email, "new.admin@example.org")))
        .length;

    const missing = await invite({});
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe(22);
    expect(Object.keys(missing.body.error.fields)).toEqual(["password"]);
    const wrong = await invite({ password: "Not-The-Passw0rd" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe(3);
    expect(await exists()).toBe(0);

    const right = await invite({ password: a.password });
    expect(right.status).toBe(200);
    expect(right.body).toMatchObject({ email: "new.admin@example.org", is_admin: true });
    expect(await exists()).toBe(1);
  });

  it("invites by e-mail: no password until the invited person chooses one through the link", async () => {
    const a = await admin();
    const res = await call(staff.POST, {
      cookie: `${a.cookie}; NEXT_LOCALE=en`,
      body: { email: "New.Colleague@Example.org", name: "New Colleague", is_admin: false },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      email: "new.colleague@example.org",
      name: "New Colleague",
      is_admin: false,
      is_verified: false,
      invitation_pending: true,
    });
    const { mail, link } = inviteLink();
    expect(mail.to).toBe("new.colleague@example.org");
    expect(mail.subject).toBe("Invitation to the research panel's admin portal");
    expect(link.pathname).toBe("/reset-password");
    expect(link.search).toBe("");
    expect(fragmentParams(link).get("invite")).toBe("1");
    const db = await getDb();
    const [token] = await db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, res.body.id));
    expect(token.purpose).toBe("invite");
    expect(token.expiresAt.getTime() - token.createdAt.getTime()).toBe(7 * 86_400_000);

    // Not able to sign in yet, not even with an empty password.
    expect(
      (await call(login.POST, { body: { email: "new.colleague@example.org", password: "" } }))
        .status,
    ).toBe(401);

    const set = await call(reset.POST, {
      body: {
        email: fragmentParams(link).get("email"),
        reset_token: fragmentParams(link).get("reset_token"),
        new_password: "Chosen-Passw0rd",
      },
    });
    expect(set.status).toBe(200);
    const row = await userRow(res.body.id);
    expect(row.isVerified).toBe(true);
    expect(
      (
        await call(login.POST, {
          body: { email: "new.colleague@example.org", password: "Chosen-Passw0rd" },
        })
      ).status,
    ).toBe(200);
  });

  it("refuses to invite an address that already has an account: 409 code 0", async () => {
    const a = await admin();
    const res = await call(staff.POST, {
      cookie: a.cookie,
      body: { email: a.email.toUpperCase() },
    });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe(0);
    expect(memoryOutbox()).toHaveLength(0);
  });

  it("validates the invitation with code 22", async () => {
    const a = await admin();
    const res = await call(staff.POST, {
      cookie: a.cookie,
      body: { email: "nope", is_admin: "yes" },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(22);
    expect(Object.keys(res.body.error.fields).sort()).toEqual(["email", "is_admin"]);
  });

  it("sends an invitation again only while it is pending", async () => {
    const a = await admin();
    const invited = await call(staff.POST, {
      cookie: a.cookie,
      body: { email: "later@example.org" },
    });
    clearMemoryOutbox();
    const again = await call(resendInvite.POST, {
      cookie: a.cookie,
      body: {},
      params: { id: String(invited.body.id) },
    });
    expect(again.status).toBe(200);
    expect(memoryOutbox().map((m) => m.to)).toEqual(["later@example.org"]);
    const active = await call(resendInvite.POST, {
      cookie: a.cookie,
      body: {},
      params: { id: String(a.user.id) },
    });
    expect(active.status).toBe(409);
    expect(active.body.error.code).toBe(22);
    const missing = await call(resendInvite.POST, {
      cookie: a.cookie,
      body: {},
      params: { id: "999999" },
    });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe(12);
  });

  it("grants and takes the admin role", async () => {
    const a = await admin();
    const other = await account();
    const params = { id: String(other.user.id) };
    const grant = await call(staffMember.PUT, {
      method: "PUT",
      cookie: a.cookie,
      params,
      body: { is_admin: true, password: a.password },
    });
    expect(grant.status).toBe(200);
    expect(grant.body.is_admin).toBe(true);
    expect((await userRow(other.user.id)).isAdmin).toBe(true);
    const take = await call(staffMember.PUT, {
      method: "PUT",
      cookie: a.cookie,
      params,
      body: { is_admin: false },
    });
    expect(take.body.is_admin).toBe(false);
    expect((await userRow(other.user.id)).isAdmin).toBe(false);
  });

  it("never leaves the portal without an admin: 409 code 8 for the last one", async () => {
    const db = await getDb();
    await db.update(staffUsers).set({ isAdmin: false });
    const a = await admin();
    const params = { id: String(a.user.id) };
    const demote = await call(staffMember.PUT, {
      method: "PUT",
      cookie: a.cookie,
      params,
      body: { is_admin: false },
    });
    expect(demote.status).toBe(409);
    expect(demote.body.error.code).toBe(8);
    const remove = await call(staffMember.DELETE, {
      method: "DELETE",
      cookie: a.cookie,
      params,
      body: { password: a.password },
    });
    expect(remove.status).toBe(409);
    expect(remove.body.error.code).toBe(8);
    expect((await userRow(a.user.id)).isAdmin).toBe(true);

    // Once someone else is an admin, the first may step down.
    const b = await account({ admin: true });
    expect(
      (
        await call(staffMember.PUT, {
          method: "PUT",
          cookie: a.cookie,
          params,
          body: { is_admin: false },
        })
      ).status,
    ).toBe(200);
    const bCookie = await signIn(b.email);
    const last = await call(staffMember.PUT, {
      method: "PUT",
      cookie: bCookie,
      params: { id: String(b.user.id) },
      body: { is_admin: false },
    });
    expect(last.status).toBe(409);
  });

  it("with a single admin, still changes and removes the other accounts", async () => {
    const db = await getDb();
    await db.update(staffUsers).set({ isAdmin: false });
    const a = await admin();
    const other = await account();
    const leaving = await account();
    // Only the admin's own role or account is guarded; everyone else's may change.
    const take = await call(staffMember.PUT, {
      method: "PUT",
      cookie: a.cookie,
      params: { id: String(other.user.id) },
      body: { is_admin: false },
    });
    expect(take.status).toBe(200);
    expect(take.body.is_admin).toBe(false);
    const remove = await call(staffMember.DELETE, {
      method: "DELETE",
      cookie: a.cookie,
      params: { id: String(other.user.id) },
      body: { password: a.password },
    });
    expect(remove.status).toBe(200);
    const own = await call(deleteAccount.DELETE, {
      method: "DELETE",
      cookie: await signIn(leaving.email),
      body: { password: leaving.password },
    });
    expect(own.status).toBe(200);
    expect(await userRow(other.user.id)).toBeUndefined();
    expect(await userRow(leaving.user.id)).toBeUndefined();
    expect((await userRow(a.user.id)).isAdmin).toBe(true);
  });

  it("two admins demoting each other at once leave one admin", async () => {
    const db = await getDb();
    await db.update(staffUsers).set({ isAdmin: false });
    const a = await admin();
    const b = await admin();
    const results = await Promise.all([
      call(staffMember.PUT, {
        method: "PUT",
        cookie: a.cookie,
        params: { id: String(b.user.id) },
        body: { is_admin: false },
      }),
      call(staffMember.PUT, {
        method: "PUT",
        cookie: b.cookie,
        params: { id: String(a.user.id) },
        body: { is_admin: false },
      }),
    ]);
    const admins = await db.select().from(staffUsers).where(eq(staffUsers.isAdmin, true));
    expect(admins.map((u) => u.id)).toHaveLength(1);
    // Exactly one demotion went through; the other was refused (no longer an admin: 403 code 8,
    // or the last admin: 409 code 8), never a server error.
    const succeeded = results.filter((r) => r.status === 200);
    expect(succeeded).toHaveLength(1);
    const refused = results.find((r) => r.status !== 200)!;
    expect([403, 409]).toContain(refused.status);
    expect(refused.body.error.code).toBe(8);
    // The one left an admin is the one whose demotion did not happen.
    const demoted = succeeded[0] === results[0] ? b.user.id : a.user.id;
    expect(admins[0].id).not.toBe(demoted);
  });

  it("removes an account together with its sessions", async () => {
    const a = await admin();
    const other = await account();
    await signIn(other.email);
    const res = await call(staffMember.DELETE, {
      method: "DELETE",
      cookie: a.cookie,
      params: { id: String(other.user.id) },
      body: { password: a.password },
    });
    expect(res.status).toBe(200);
    const db = await getDb();
    expect(await db.select().from(staffUsers).where(eq(staffUsers.id, other.user.id))).toHaveLength(
      0,
    );
    expect(await db.select().from(sessions).where(eq(sessions.userId, other.user.id))).toHaveLength(
      0,
    );
    const again = await call(staffMember.DELETE, {
      method: "DELETE",
      cookie: a.cookie,
      params: { id: String(other.user.id) },
      body: { password: a.password },
    });
    expect(again.status).toBe(404);
    expect(again.body.error.code).toBe(12);
  });

  it("rejects a malformed id with code 22", async () => {
    const a = await admin();
    const res = await call(staffMember.DELETE, {
      method: "DELETE",
      cookie: a.cookie,
      params: { id: "abc" },
      body: { password: a.password },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(22);
  });
});
