import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { auditLog, loginChallenges, sessions, staffUsers } from "@/db/schema";
import { openTotpSecret } from "@/lib/auth/totp";
import { clearMemoryOutbox, memoryOutbox } from "@/lib/mail/transports/memory";
import * as deleteAccount from "@/app/api/delete_account/route";
import * as generate2fa from "@/app/api/generate_2fa_secret/route";
import * as enable2fa from "@/app/api/enable_2fa/route";
import * as login from "@/app/api/login/route";
import * as reset from "@/app/api/reset_password/route";
import * as staff from "@/app/api/staff/route";
import * as staffMember from "@/app/api/staff/[id]/route";
import * as resendInvite from "@/app/api/staff/[id]/resend_invite/route";
import * as reset2fa from "@/app/api/staff/[id]/reset_2fa/route";
import * as whoami from "@/app/api/whoami/route";
import { call, type CallOptions } from "../../support/http";
import {
  account,
  codeAt,
  fragmentParams,
  PASSWORD,
  quietLogs,
  signIn,
  userRow,
} from "../../support/auth";
import { stopClock } from "../../support/clock";

quietLogs();
beforeEach(() => clearMemoryOutbox());

type Handler = Parameters<typeof call>[0];

/**
 * The actions a stolen session must not take alone. Each sets up a target and answers the
 * call to make (with `password` in its body) and a check that the action did not happen.
 */
const actions: {
  name: string;
  handler: Handler;
  method: string;
  body?: Record<string, unknown>;
  self?: boolean;
}[] = [
  {
    name: "DELETE /api/delete_account",
    handler: deleteAccount.DELETE,
    method: "DELETE",
    self: true,
  },
  { name: "DELETE /api/staff/{id}", handler: staffMember.DELETE, method: "DELETE" },
  {
    name: "PUT /api/staff/{id} with is_admin: true",
    handler: staffMember.PUT,
    method: "PUT",
    body: { is_admin: true },
  },
  { name: "POST /api/staff/{id}/reset_2fa", handler: reset2fa.POST, method: "POST" },
];

async function setUp(self?: boolean) {
  // Another admin, so an admin deleting their own account is not refused as the last one.
  if (self) await account({ admin: true });
  const admin = await account({ admin: true });
  const cookie = await signIn(admin.email);
  const target = self ? admin : await account({ twoFactor: true });
  const request = (extra: Record<string, unknown>): CallOptions => ({
    cookie,
    params: { id: String(target.user.id) },
    body: extra,
  });
  return { admin, cookie, target, request };
}

describe.each(actions)("$name asks for the caller's password", (action) => {
  const body = (extra: Record<string, unknown>) => ({ ...(action.body ?? {}), ...extra });

  it("refuses a wrong one with 400 code 3 and changes nothing", async () => {
    const { target, request } = await setUp(action.self);
    const before = await userRow(target.user.id);
    const res = await call(action.handler, {
      method: action.method,
      ...request(body({ password: "Not-The-Passw0rd" })),
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(3);
    expect(await userRow(target.user.id)).toEqual(before);
  });

  it("refuses a missing one with 400 code 22 naming the field", async () => {
    const { target, request } = await setUp(action.self);
    const before = await userRow(target.user.id);
    const res = await call(action.handler, { method: action.method, ...request(body({})) });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(22);
    expect(Object.keys(res.body.error.fields)).toEqual(["password"]);
    expect(await userRow(target.user.id)).toEqual(before);
  });

  it("counts tries under the account's limit for password checks: 429 code 23 after ten", async () => {
    stopClock();
    const { target, request } = await setUp(action.self);
    for (let i = 0; i < 10; i++) {
      const res = await call(action.handler, {
        method: action.method,
        ...request(body({ password: `Wrong-Passw0rd-${i}` })),
      });
      expect(res.status, `try ${i + 1}`).toBe(400);
    }
    // Now even the right password waits for the window.
    const limited = await call(action.handler, {
      method: action.method,
      ...request(body({ password: PASSWORD })),
    });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe(23);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await userRow(target.user.id)).toBeDefined();
  });

  it("goes ahead with the right one", async () => {
    const { target, request } = await setUp(action.self);
    const res = await call(action.handler, {
      method: action.method,
      ...request(body({ password: PASSWORD })),
    });
    expect(res.status).toBe(200);
    const after = await userRow(target.user.id);
    if (action.handler === staffMember.PUT) expect(after.isAdmin).toBe(true);
    else if (action.handler === reset2fa.POST) expect(after.twoFactorEnabled).toBe(false);
    else expect(after).toBeUndefined();
  });
});

describe("POST /api/staff/{id}/reset_2fa", () => {
  it("turns the second factor off, ends every session and challenge, and logs who did it", async () => {
    const { admin, request, target } = await setUp();
    const db = await getDb();
    // The target is signed in somewhere and half-way through another sign-in.
    const { createSession } = await import("@/lib/auth/session");
    const { token } = await createSession(target.user.id);
    const pending = await call(login.POST, {
      body: { email: target.email, password: PASSWORD },
    });
    expect(pending.body).toEqual({ two_factor_required: true });
    // Wrong codes were typed against the lost phone's secret, up to a lock.
    await db
      .update(staffUsers)
      .set({ secondFactorFailures: 9, secondFactorLockedUntil: new Date(Date.now() + 600_000) })
      .where(eq(staffUsers.id, target.user.id));
    const log = vi.spyOn(console, "log");

    const res = await call(reset2fa.POST, request({ password: PASSWORD }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: target.user.id, two_factor_enabled: false });
    const row = await userRow(target.user.id);
    expect(row).toMatchObject({ twoFactorEnabled: false, totpSecret: null, totpLastStep: null });
    // The new setup starts with a clean count, not one typo away from a lock.
    expect(row).toMatchObject({ secondFactorFailures: 0, secondFactorLockedUntil: null });
    expect((await call(whoami.GET, { cookie: `session=${token}` })).status).toBe(401);
    expect(await db.select().from(sessions).where(eq(sessions.userId, target.user.id))).toEqual([]);
    expect(
      await db.select().from(loginChallenges).where(eq(loginChallenges.userId, target.user.id)),
    ).toEqual([]);
    const lines = log.mock.calls.map((c) => c.join(" ")).join("\n");
    expect(lines).toContain("two-factor reset by an admin");
    expect(lines).toContain(String(admin.user.id));
    expect(lines).not.toContain(PASSWORD);

    // With the password alone the account signs in again and can set up a new app.
    const again = await call(login.POST, { body: { email: target.email, password: PASSWORD } });
    expect(again.body.two_factor_required).toBe(false);
  });

  it("leaves an account whose two-factor is already off as it is: 409 code 11", async () => {
    // An admin acting on an out-of-date row: a colleague reset it first, and the account is
    // half-way through setting up a new app, with a session open.
    const { cookie, target } = await setUp();
    const first = await signIn((await account({ admin: true })).email);
    const reset = await call(reset2fa.POST, {
      cookie: first,
      params: { id: String(target.user.id) },
      body: { password: PASSWORD },
    });
    expect(reset.status).toBe(200);
    const targetCookie = await signIn(target.email);
    expect((await call(generate2fa.GET, { cookie: targetCookie })).status).toBe(200);
    const db = await getDb();
    const before = await userRow(target.user.id);
    const auditRows = (await db.select().from(auditLog)).length;
    clearMemoryOutbox();

    const res = await call(reset2fa.POST, {
      cookie,
      params: { id: String(target.user.id) },
      body: { password: PASSWORD },
    });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe(11);
    expect(await userRow(target.user.id)).toEqual(before);
    expect(before.totpPendingSince).not.toBeNull();
    expect((await call(whoami.GET, { cookie: targetCookie })).status).toBe(200);
    expect((await db.select().from(auditLog)).length).toBe(auditRows);
    await new Promise((r) => setTimeout(r, 50));
    expect(memoryOutbox()).toEqual([]);
  });

  it("answers 404 code 12 for an unknown account", async () => {
    const { cookie } = await setUp();
    const res = await call(reset2fa.POST, {
      cookie,
      params: { id: "999999" },
      body: { password: PASSWORD },
    });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe(12);
  });

  it("is for admins only: 403 code 8 for other staff, even with the right password", async () => {
    const me = await account();
    const cookie = await signIn(me.email);
    const target = await account({ twoFactor: true });
    const res = await call(reset2fa.POST, {
      cookie,
      params: { id: String(target.user.id) },
      body: { password: PASSWORD },
    });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe(8);
    expect((await userRow(target.user.id)).twoFactorEnabled).toBe(true);
  });
});

describe("GET /api/generate_2fa_secret changes no state on every call", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2030-05-06T12:00:15Z"));
  });
  afterEach(() => vi.useRealTimers());

  it("answers the same pending secret until it is confirmed or 15 minutes have passed", async () => {
    const { email, user } = await account();
    const cookie = await signIn(email);
    const first = await call(generate2fa.GET, { cookie });
    expect(first.status).toBe(200);
    const stored = (await userRow(user.id)).totpSecret;

    vi.setSystemTime(new Date("2030-05-06T12:14:00Z"));
    const again = await call(generate2fa.GET, { cookie });
    expect(again.body.totp_secret).toBe(first.body.totp_secret);
    expect(again.body.qr_code).toBe(first.body.qr_code);
    expect((await userRow(user.id)).totpSecret).toBe(stored);

    // After 15 minutes a new one replaces it, and that one turns two-factor on.
    vi.setSystemTime(new Date("2030-05-06T12:16:00Z"));
    const expired = await call(generate2fa.GET, { cookie });
    expect(expired.body.totp_secret).not.toBe(first.body.totp_secret);
    const fresh = expired.body.totp_secret;
    expect(openTotpSecret((await userRow(user.id)).totpSecret!)).toBe(fresh);
    const on = await call(enable2fa.POST, {
      cookie,
      body: { totp_secret: fresh, totp_code: await codeAt(fresh, new Date()) },
    });
    expect(on.status).toBe(200);
    expect((await userRow(user.id)).totpPendingSince).toBeNull();
    const after = await call(generate2fa.GET, { cookie });
    expect(after.status).toBe(409);
    expect(after.body.error.code).toBe(9);
  });

  it("two first calls at once answer the one secret that is stored", async () => {
    const { email, user } = await account();
    const cookie = await signIn(email);
    const [a, b] = await Promise.all([
      call(generate2fa.GET, { cookie }),
      call(generate2fa.GET, { cookie }),
    ]);
    expect(a.body.totp_secret).toBe(b.body.totp_secret);
    expect(openTotpSecret((await userRow(user.id)).totpSecret!)).toBe(a.body.totp_secret);
  });
});

describe("resending an invitation", () => {
  it("voids the earlier invitation link; the new one works", async () => {
    const admin = await account({ admin: true });
    const cookie = await signIn(admin.email);
    const invited = await call(staff.POST, {
      cookie,
      body: { email: "twice-invited@example.org" },
    });
    expect(invited.status).toBe(200);
    const linkOf = (index: number) =>
      new URL(memoryOutbox()[index].text.match(/https?:\/\/\S+reset-password\S+/)![0]);
    const firstLink = linkOf(0);
    const again = await call(resendInvite.POST, {
      cookie,
      body: {},
      params: { id: String(invited.body.id) },
    });
    expect(again.status).toBe(200);
    const secondLink = linkOf(1);
    expect(fragmentParams(secondLink).get("reset_token")).not.toBe(
      fragmentParams(firstLink).get("reset_token"),
    );

    const useLink = (link: URL) =>
      call(reset.POST, {
        body: {
          email: fragmentParams(link).get("email"),
          reset_token: fragmentParams(link).get("reset_token"),
          new_password: "Chosen-Passw0rd",
        },
      });
    const old = await useLink(firstLink);
    expect(old.status).toBe(400);
    expect(old.body.error.code).toBe(5);
    expect((await useLink(secondLink)).status).toBe(200);
    const db = await getDb();
    const [row] = await db
      .select()
      .from(staffUsers)
      .where(eq(staffUsers.email, "twice-invited@example.org"));
    expect(row.isVerified).toBe(true);
  });
});
