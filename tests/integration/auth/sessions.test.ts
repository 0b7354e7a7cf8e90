import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { sessions } from "@/db/schema";
import { sha256Hex } from "@/lib/crypto/tokens";
import * as changePassword from "@/app/api/change_password/route";
import * as disable2fa from "@/app/api/disable_2fa/route";
import * as enable2fa from "@/app/api/enable_2fa/route";
import * as generate2fa from "@/app/api/generate_2fa_secret/route";
import * as login from "@/app/api/login/route";
import * as signOutOthers from "@/app/api/sign_out_others/route";
import * as staffMember from "@/app/api/staff/[id]/route";
import * as whoami from "@/app/api/whoami/route";
import { call, cookieFrom } from "../../support/http";
import { account, codeAt, PASSWORD, quietLogs, signIn } from "../../support/auth";

quietLogs();

const MINUTE = 60_000;
const T0 = new Date("2030-03-04T08:00:15Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

async function sessionRows(userId: number) {
  const db = await getDb();
  return db.select().from(sessions).where(eq(sessions.userId, userId));
}

const tokenOf = (cookie: string) => cookie.split("=")[1];

describe("session lifetime", () => {
  // Only Date is faked: the database and argon2 keep real timers.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(T0);
  });
  afterEach(() => vi.useRealTimers());

  it("a session ends after 30 minutes without use; the cookie expires with it", async () => {
    const { email } = await account();
    const res = await call(login.POST, { body: { email, password: PASSWORD } });
    const line = res.setCookies.find((c) => c.startsWith("session="))!;
    expect(line).toContain(`Expires=${at(30 * MINUTE).toUTCString()}`);
    const cookie = cookieFrom(res.setCookies, "session")!;

    vi.setSystemTime(at(29 * MINUTE));
    expect((await call(whoami.GET, { cookie })).status).toBe(200);
    // Used at minute 29, so it now lasts until minute 59, and the browser is told so.
    vi.setSystemTime(at(58 * MINUTE));
    const stillThere = await call(whoami.GET, { cookie });
    expect(stillThere.status).toBe(200);
    const renewed = stillThere.setCookies.find((c) => c.startsWith("session="))!;
    expect(renewed).toContain(`Expires=${at(88 * MINUTE).toUTCString()}`);

    vi.setSystemTime(at(88 * MINUTE + 1000));
    const gone = await call(whoami.GET, { cookie });
    expect(gone.status).toBe(401);
    expect(gone.body.error.code).toBe(25);
  });

  it("a refused request that moved the expiry tells the browser too, so the cookie never ends first", async () => {
    const { email, user } = await account();
    const cookie = await signIn(email);
    vi.setSystemTime(at(20 * MINUTE));
    // A mistyped current password: refused with code 3, but the session was used, and renewed.
    const refused = await call(changePassword.POST, {
      cookie,
      body: { current_password: "not-the-password", new_password: "Another-Passw0rd" },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe(3);
    const [row] = await sessionRows(user.id);
    expect(row.expiresAt.toISOString()).toBe(at(50 * MINUTE).toISOString());
    const line = refused.setCookies.find((c) => c.startsWith("session="));
    expect(line).toContain(`Expires=${at(50 * MINUTE).toUTCString()}`);
  });

  it("a session older than 12 hours is refused even while it is used all the time", async () => {
    const { email, user } = await account();
    const cookie = await signIn(email);
    // A request every 20 minutes for twelve hours keeps it alive that long…
    for (let minute = 20; minute < 12 * 60; minute += 20) {
      vi.setSystemTime(at(minute * MINUTE));
      const res = await call(whoami.GET, { cookie });
      expect(res.status, `minute ${minute}`).toBe(200);
    }
    // …and the cookie never promises more than the absolute lifetime.
    vi.setSystemTime(at(11 * 60 * MINUTE + 40 * MINUTE));
    const [row] = await sessionRows(user.id);
    expect(row.expiresAt.getTime()).toBeLessThanOrEqual(at(12 * 60 * MINUTE).getTime());

    vi.setSystemTime(at(12 * 60 * MINUTE));
    const late = await call(whoami.GET, { cookie });
    expect(late.status).toBe(401);
    expect(await sessionRows(user.id)).toHaveLength(0);
  });

  it("a session stored with a later expiry still ends at the absolute lifetime", async () => {
    const { email, user } = await account();
    const cookie = await signIn(email);
    const db = await getDb();
    // As a session made before the lifetime was shortened would be stored.
    await db
      .update(sessions)
      .set({ expiresAt: at(7 * 24 * 60 * MINUTE) })
      .where(eq(sessions.id, sha256Hex(tokenOf(cookie))));
    vi.setSystemTime(at(12 * 60 * MINUTE + 1000));
    expect((await call(whoami.GET, { cookie })).status).toBe(401);
    expect(await sessionRows(user.id)).toHaveLength(0);
  });
});

describe("session cookie", () => {
  it("two cookies of the session's name mean signed out, even when one of them is valid", async () => {
    const { email } = await account();
    const cookie = await signIn(email);
    const other = await signIn(email, PASSWORD, "192.0.2.99");
    expect((await call(whoami.GET, { cookie })).status).toBe(200);
    for (const header of [
      `session=${"a".repeat(32)}; ${cookie}`,
      `${cookie}; session=${"a".repeat(32)}`,
      `${cookie}; ${other}`,
      `${cookie}; ${cookie}`,
    ]) {
      const res = await call(whoami.GET, { cookie: header });
      expect(res.status, header).toBe(401);
      expect(res.body.error.code).toBe(25);
    }
  });
});

describe("sign out everywhere else", () => {
  it("ends every other session of the account and keeps this one and other accounts'", async () => {
    const { email, user } = await account();
    const here = await signIn(email);
    const laptop = await signIn(email, PASSWORD, "192.0.2.101");
    const phone = await signIn(email, PASSWORD, "192.0.2.102");
    const colleague = await account();
    const theirs = await signIn(colleague.email);

    const res = await call(signOutOthers.POST, { cookie: here, body: {} });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ended_sessions: 2 });
    expect((await call(whoami.GET, { cookie: here })).status).toBe(200);
    expect((await call(whoami.GET, { cookie: laptop })).status).toBe(401);
    expect((await call(whoami.GET, { cookie: phone })).status).toBe(401);
    expect((await call(whoami.GET, { cookie: theirs })).status).toBe(200);
    const rows = await sessionRows(user.id);
    expect(rows.map((r) => r.id)).toEqual([sha256Hex(tokenOf(here))]);
  });

  it("needs a session and a same-origin request", async () => {
    const { email } = await account();
    const here = await signIn(email);
    const laptop = await signIn(email, PASSWORD, "192.0.2.103");
    const anonymous = await call(signOutOthers.POST, { body: {} });
    expect(anonymous.status).toBe(401);
    const foreign = await call(signOutOthers.POST, {
      cookie: here,
      body: {},
      origin: "https://evil.example",
    });
    expect(foreign.status).toBe(403);
    expect((await call(whoami.GET, { cookie: laptop })).status).toBe(200);
  });
});

describe("events that end the account's other sessions", () => {
  it("a password change, in one step with the new password", async () => {
    const { email, user } = await account();
    const here = await signIn(email);
    const elsewhere = await signIn(email, PASSWORD, "192.0.2.110");
    const res = await call(changePassword.POST, {
      cookie: here,
      body: { current_password: PASSWORD, new_password: "Another-Passw0rd" },
    });
    expect(res.status).toBe(200);
    expect((await call(whoami.GET, { cookie: elsewhere })).status).toBe(401);
    expect((await sessionRows(user.id)).map((r) => r.id)).toEqual([sha256Hex(tokenOf(here))]);
  });

  it("two password changes sent at once with the same current password: exactly one wins", async () => {
    const { email } = await account();
    const first = await signIn(email);
    const second = await signIn(email, PASSWORD, "192.0.2.111");
    const results = await Promise.all([
      call(changePassword.POST, {
        cookie: first,
        body: { current_password: PASSWORD, new_password: "First-Passw0rd" },
      }),
      call(changePassword.POST, {
        cookie: second,
        body: { current_password: PASSWORD, new_password: "Second-Passw0rd" },
      }),
    ]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 400]);
    const loser = results.find((r) => r.status === 400)!;
    expect(loser.body.error.code).toBe(3);
    const winner = results[0].status === 200 ? "First-Passw0rd" : "Second-Passw0rd";
    const loserPassword = winner === "First-Passw0rd" ? "Second-Passw0rd" : "First-Passw0rd";
    expect((await call(login.POST, { body: { email, password: winner } })).status).toBe(200);
    expect((await call(login.POST, { body: { email, password: loserPassword } })).status).toBe(401);
  });

  it("turning two-factor on, and off again", async () => {
    const { email, user } = await account();
    const here = await signIn(email);
    const before = await signIn(email, PASSWORD, "192.0.2.120");
    const setup = await call(generate2fa.GET, { cookie: here });
    const now = new Date();
    const on = await call(enable2fa.POST, {
      cookie: here,
      body: {
        totp_secret: setup.body.totp_secret,
        totp_code: await codeAt(setup.body.totp_secret, now),
      },
    });
    expect(on.status).toBe(200);
    expect((await call(whoami.GET, { cookie: here })).status).toBe(200);
    expect((await call(whoami.GET, { cookie: before })).status).toBe(401);
    expect(await sessionRows(user.id)).toHaveLength(1);

    // A second session of the now two-factor account (inserted: signing in would need a code).
    const { createSession } = await import("@/lib/auth/session");
    const { token } = await createSession(user.id);
    const another = `session=${token}`;
    expect((await call(whoami.GET, { cookie: another })).status).toBe(200);
    const off = await call(disable2fa.POST, {
      cookie: here,
      body: { totp_code: await codeAt(setup.body.totp_secret, new Date(now.getTime() + 30_000)) },
    });
    expect(off.status).toBe(200);
    expect((await call(whoami.GET, { cookie: here })).status).toBe(200);
    expect((await call(whoami.GET, { cookie: another })).status).toBe(401);
  });

  it("an admin taking the admin role away ends all of that user's sessions", async () => {
    const a = await account({ admin: true });
    const adminCookie = await signIn(a.email);
    const b = await account({ admin: true });
    const bCookie = await signIn(b.email);
    const bLaptop = await signIn(b.email, PASSWORD, "192.0.2.130");
    const res = await call(staffMember.PUT, {
      method: "PUT",
      cookie: adminCookie,
      params: { id: String(b.user.id) },
      body: { is_admin: false },
    });
    expect(res.status).toBe(200);
    expect((await call(whoami.GET, { cookie: bCookie })).status).toBe(401);
    expect((await call(whoami.GET, { cookie: bLaptop })).status).toBe(401);
    expect((await call(whoami.GET, { cookie: adminCookie })).status).toBe(200);
  });

  it("an admin stepping down keeps the session they do it from and ends their others", async () => {
    await account({ admin: true });
    const a = await account({ admin: true });
    const here = await signIn(a.email);
    const elsewhere = await signIn(a.email, PASSWORD, "192.0.2.131");
    const res = await call(staffMember.PUT, {
      method: "PUT",
      cookie: here,
      params: { id: String(a.user.id) },
      body: { is_admin: false },
    });
    expect(res.status).toBe(200);
    expect((await call(whoami.GET, { cookie: here })).body.is_admin).toBe(false);
    expect((await call(whoami.GET, { cookie: elsewhere })).status).toBe(401);
  });

  it("granting the role ends nobody's session", async () => {
    const a = await account({ admin: true });
    const adminCookie = await signIn(a.email);
    const b = await account();
    const bCookie = await signIn(b.email);
    const res = await call(staffMember.PUT, {
      method: "PUT",
      cookie: adminCookie,
      params: { id: String(b.user.id) },
      body: { is_admin: true, password: PASSWORD },
    });
    expect(res.status).toBe(200);
    expect((await call(whoami.GET, { cookie: bCookie })).body.is_admin).toBe(true);
  });
});
