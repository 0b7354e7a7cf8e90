import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { sessions, staffUsers } from "@/db/schema";
import { sha256Hex } from "@/lib/crypto/tokens";
import * as login from "@/app/api/login/route";
import * as logout from "@/app/api/logout/route";
import * as whoami from "@/app/api/whoami/route";
import { call, cookieFrom } from "../../support/http";
import { account, PASSWORD, quietLogs, signIn } from "../../support/auth";

quietLogs();

describe("POST /api/login", () => {
  it("signs in an account without two-factor: user in the body, session only in an httpOnly cookie", async () => {
    const { user, email } = await account();
    const res = await call(login.POST, {
      body: { email: email.toUpperCase(), password: PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      two_factor_required: false,
      user: {
        id: user.id,
        email,
        name: user.name,
        is_admin: false,
        is_verified: true,
        two_factor_enabled: false,
        two_factor_setup_required: false,
      },
    });
    const line = res.setCookies.find((c) => c.startsWith("session="))!;
    expect(line).toContain("HttpOnly");
    expect(line).toContain("SameSite=Lax");
    expect(line).toContain("Path=/");
    const token = line.split(";")[0].split("=")[1];
    expect(res.text).not.toContain(token);
    const db = await getDb();
    const [row] = await db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sha256Hex(token)));
    expect(row.userId).toBe(user.id);
    // The idle timeout: half an hour from now.
    const left = row.expiresAt.getTime() - Date.now();
    expect(left).toBeGreaterThan(29 * 60_000);
    expect(left).toBeLessThanOrEqual(30 * 60_000);
    expect(await db.select().from(sessions).where(eq(sessions.id, token))).toHaveLength(0);
  });

  it("stores the password as an argon2id hash with the OWASP parameters", async () => {
    const { user } = await account();
    const db = await getDb();
    const [row] = await db.select().from(staffUsers).where(eq(staffUsers.id, user.id));
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.passwordHash).not.toContain(PASSWORD);
  });

  it("answers a wrong password, an unknown address and an account without a password alike: 401 code 1", async () => {
    const { email } = await account();
    const db = await getDb();
    await db.insert(staffUsers).values({ email: "invited@example.org", passwordHash: null });
    for (const body of [
      { email, password: "Wrong-Passw0rd" },
      { email: "nobody@example.org", password: PASSWORD },
      { email: "invited@example.org", password: "" },
    ]) {
      const res = await call(login.POST, { body });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        error: { code: 1, message: "Could not log in with this email and password" },
      });
      expect(res.setCookies.some((c) => c.startsWith("session="))).toBe(false);
    }
  });

  it("takes about as long for an unknown address as for a wrong password", async () => {
    const { email } = await account();
    const time = async (body: object) => {
      const started = performance.now();
      await call(login.POST, { body, ip: "192.0.2.77" });
      return performance.now() - started;
    };
    await time({ email: "warm-up@example.org", password: "x" });
    // Four of each, interleaved (the account allows five failures), and the fastest of each
    // compared: other work on the machine only ever makes a sample slower, never faster.
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 4; i++) {
      known.push(await time({ email, password: "Wrong-Passw0rd" }));
      unknown.push(await time({ email: `nobody-${i}@example.org`, password: "Wrong-Passw0rd" }));
    }
    // Both verify an argon2id hash (tens of milliseconds); without the dummy check the unknown
    // address would answer in a few milliseconds.
    expect(Math.min(...unknown)).toBeGreaterThan(Math.min(...known) * 0.5);
  });

  it("validates the e-mail with code 22 and field messages", async () => {
    const empty = await call(login.POST, { body: { email: "", password: "x" } });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toMatchObject({
      code: 22,
      fields: { email: "Please enter your email address" },
    });
    const invalid = await call(login.POST, { body: { email: "not-an-address", password: "x" } });
    expect(invalid.body.error.fields).toEqual({ email: "Please enter a valid email address" });
  });

  it("refuses a cross-origin sign-in with 403 code 26", async () => {
    const { email } = await account();
    const res = await call(login.POST, {
      body: { email, password: PASSWORD },
      origin: "https://evil.example",
    });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe(26);
    expect(res.setCookies).toEqual([]);
  });

  it("starts a new session at every sign-in and ends the one the browser had", async () => {
    const { email } = await account();
    const first = await signIn(email);
    const res = await call(login.POST, { body: { email, password: PASSWORD }, cookie: first });
    const second = cookieFrom(res.setCookies, "session")!;
    expect(second).not.toBe(first);
    expect((await call(whoami.GET, { cookie: first })).status).toBe(401);
    expect((await call(whoami.GET, { cookie: second })).status).toBe(200);
  });

  it("logs failed and successful sign-ins without the password", async () => {
    const { email, user } = await account();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const info = vi.spyOn(console, "log").mockImplementation(() => {});
    await call(login.POST, { body: { email, password: "Secret-Wr0ng-Guess" } });
    await call(login.POST, { body: { email, password: PASSWORD } });
    const warned = warn.mock.calls.map((c) => String(c[0])).join("\n");
    const logged = info.mock.calls.map((c) => String(c[0])).join("\n");
    expect(warned).toContain("sign-in failed");
    expect(warned).toContain(`"userId":${user.id}`);
    expect(logged).toContain("sign-in succeeded");
    for (const text of [warned, logged]) {
      expect(text).not.toContain("Secret-Wr0ng-Guess");
      expect(text).not.toContain(PASSWORD);
    }
  });
});

describe("GET /api/whoami and POST /api/logout", () => {
  it("whoami answers the user with a session and 401 code 25 without", async () => {
    const { email, user } = await account({ admin: true });
    const cookie = await signIn(email);
    const res = await call(whoami.GET, { cookie });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user.id, email, is_admin: true });
    expect(res.body).not.toHaveProperty("access_token");
    expect(res.body).not.toHaveProperty("password_hash");
    const anonymous = await call(whoami.GET);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ error: { code: 25, message: "Not signed in" } });
  });

  it("logout ends the session on the server and clears the cookie", async () => {
    const { email } = await account();
    const cookie = await signIn(email);
    const res = await call(logout.POST, { body: {}, cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    expect(res.setCookies.some((c) => c.startsWith("session=;") && c.includes("Max-Age=0"))).toBe(
      true,
    );
    const db = await getDb();
    expect(
      await db
        .select()
        .from(sessions)
        .where(eq(sessions.id, sha256Hex(cookie.split("=")[1]))),
    ).toHaveLength(0);
    // The old cookie, replayed, is worth nothing.
    expect((await call(whoami.GET, { cookie })).status).toBe(401);
  });

  it("logout without a session still answers 200", async () => {
    const res = await call(logout.POST, { body: {} });
    expect(res.status).toBe(200);
  });

  it("logout from another site is refused", async () => {
    const { email } = await account();
    const cookie = await signIn(email);
    const res = await call(logout.POST, { body: {}, cookie, origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect((await call(whoami.GET, { cookie })).status).toBe(200);
  });
});
