import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { passwordResetTokens, sessions } from "@/db/schema";
import { FORGOT_PASSWORD_MIN_MS } from "@/lib/auth/password-reset";
import { sha256Hex } from "@/lib/crypto/tokens";
import { clearMemoryOutbox, memoryOutbox } from "@/lib/mail/transports/memory";
import * as forgot from "@/app/api/forgot_password/route";
import * as reset from "@/app/api/reset_password/route";
import * as login from "@/app/api/login/route";
import * as whoami from "@/app/api/whoami/route";
import { call } from "../../support/http";
import { account, fragmentParams, PASSWORD, quietLogs, signIn } from "../../support/auth";

quietLogs();
beforeEach(() => clearMemoryOutbox());
afterEach(() => vi.useRealTimers());

let ipCounter = 0;
const nextIp = () => `198.18.0.${++ipCounter}`;

/** Asks for a reset mail and returns the link's parameters. */
async function requestLink(email: string, cookie?: string) {
  const res = await call(forgot.POST, { body: { email }, ip: nextIp(), cookie });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({});
  const mail = memoryOutbox().at(-1)!;
  expect(mail.to).toBe(email);
  const link = new URL(mail.text.match(/https?:\/\/\S+reset-password\S+/)![0]);
  return { mail, link, token: fragmentParams(link).get("reset_token")! };
}

describe("POST /api/forgot_password", () => {
  it("mails a one-hour reset link; only the token's hash is stored", async () => {
    const { email, user } = await account();
    const { mail, link, token } = await requestLink(email);
    expect(link.pathname).toBe("/reset-password");
    expect(link.origin).toBe("http://localhost:3000");
    // Address and token travel in the fragment, never in the query (no server log sees them).
    expect(link.search).toBe("");
    expect(fragmentParams(link).get("email")).toBe(email);
    expect(token).toMatch(/^[a-z2-7]{32}$/); // 160 bits
    expect(mail.subject).toBe("Je wachtwoord opnieuw instellen");
    expect(mail.html).toContain(`#email=${encodeURIComponent(email)}&amp;reset_token=${token}`);
    const db = await getDb();
    const rows = await db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).toBe(sha256Hex(token));
    expect(rows[0].purpose).toBe("reset");
    expect(rows[0].expiresAt.getTime() - rows[0].createdAt.getTime()).toBe(3600_000);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it("writes the mail in the language of the page it was asked from", async () => {
    const { email } = await account();
    const { mail } = await requestLink(email, "NEXT_LOCALE=en");
    expect(mail.subject).toBe("Reset your password");
    expect(mail.html).toContain('lang="en"');
  });

  it("answers an unknown address exactly like a known one, in about the same time", async () => {
    const { email } = await account();
    const timed = async (address: string) => {
      const started = performance.now();
      const res = await call(forgot.POST, { body: { email: address }, ip: nextIp() });
      return { res, ms: performance.now() - started };
    };
    const known = await timed(email);
    const unknown = await timed("nobody-here@example.org");
    expect(unknown.res.status).toBe(known.res.status);
    expect(unknown.res.text).toBe(known.res.text);
    expect(memoryOutbox().map((m) => m.to)).toEqual([email]);
    expect(known.ms).toBeGreaterThanOrEqual(FORGOT_PASSWORD_MIN_MS - 5);
    expect(unknown.ms).toBeGreaterThanOrEqual(FORGOT_PASSWORD_MIN_MS - 5);
    expect(Math.abs(known.ms - unknown.ms)).toBeLessThan(150);
  });

  it("validates the address with code 22", async () => {
    const res = await call(forgot.POST, { body: { email: "nope" }, ip: nextIp() });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: 22,
      fields: { email: "Please enter a valid email address" },
    });
  });

  it("refuses a cross-origin call with 403 code 26 and sends nothing", async () => {
    const { email } = await account();
    const res = await call(forgot.POST, { body: { email }, origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe(26);
    expect(memoryOutbox()).toHaveLength(0);
  });
});

describe("POST /api/reset_password", () => {
  it("sets the new password, ends every session, and the token works only once", async () => {
    const { email, user } = await account();
    const session = await signIn(email);
    const { token } = await requestLink(email);
    const res = await call(reset.POST, {
      body: { email, reset_token: token, new_password: "Fresh-Passw0rd" },
      ip: nextIp(),
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    expect((await call(whoami.GET, { cookie: session })).status).toBe(401);
    const db = await getDb();
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    expect((await call(login.POST, { body: { email, password: "Fresh-Passw0rd" } })).status).toBe(
      200,
    );
    expect((await call(login.POST, { body: { email, password: PASSWORD } })).status).toBe(401);

    const again = await call(reset.POST, {
      body: { email, reset_token: token, new_password: "Another-Passw0rd" },
      ip: nextIp(),
    });
    expect(again.status).toBe(400);
    expect(again.body.error).toEqual({
      code: 5,
      message: "Could not reset the password with this token",
    });
    expect((await call(login.POST, { body: { email, password: "Another-Passw0rd" } })).status).toBe(
      401,
    );
  });

  it("a reset ends every other link of the account too", async () => {
    const { email } = await account();
    const first = await requestLink(email);
    const second = await requestLink(email);
    expect(
      (
        await call(reset.POST, {
          body: { email, reset_token: second.token, new_password: "Fresh-Passw0rd" },
          ip: nextIp(),
        })
      ).status,
    ).toBe(200);
    const older = await call(reset.POST, {
      body: { email, reset_token: first.token, new_password: "Other-Passw0rd1" },
      ip: nextIp(),
    });
    expect(older.body.error.code).toBe(5);
  });

  it("answers an expired token with code 6", async () => {
    const { email } = await account();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2030-01-01T09:00:00Z"));
    const { token } = await requestLink(email);
    vi.setSystemTime(new Date("2030-01-01T10:00:01Z"));
    const res = await call(reset.POST, {
      body: { email, reset_token: token, new_password: "Fresh-Passw0rd" },
      ip: nextIp(),
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({ code: 6, message: "The token has expired" });
  });

  it("answers an unknown token, or a token with another address, with code 5", async () => {
    const a = await account();
    const b = await account();
    const { token } = await requestLink(a.email);
    const unknown = await call(reset.POST, {
      body: { email: a.email, reset_token: "a".repeat(32), new_password: "Fresh-Passw0rd" },
      ip: nextIp(),
    });
    expect(unknown.body.error.code).toBe(5);
    const otherAddress = await call(reset.POST, {
      body: { email: b.email, reset_token: token, new_password: "Fresh-Passw0rd" },
      ip: nextIp(),
    });
    expect(otherAddress.body.error.code).toBe(5);
    expect(
      (await call(login.POST, { body: { email: b.email, password: "Fresh-Passw0rd" } })).status,
    ).toBe(401);
  });

  it("answers a weak password with code 4 and keeps the token usable", async () => {
    const { email } = await account();
    const { token } = await requestLink(email);
    const weak = await call(reset.POST, {
      body: { email, reset_token: token, new_password: "weakpass" },
      ip: nextIp(),
    });
    expect(weak.status).toBe(400);
    expect(weak.body.error).toMatchObject({
      code: 4,
      fields: { new_password: "your password must contain at least one uppercase letter" },
    });
    const ok = await call(reset.POST, {
      body: { email, reset_token: token, new_password: "Strong-Passw0rd" },
      ip: nextIp(),
    });
    expect(ok.status).toBe(200);
  });

  it("refuses a cross-origin reset with 403 code 26", async () => {
    const { email } = await account();
    const { token } = await requestLink(email);
    const res = await call(reset.POST, {
      body: { email, reset_token: token, new_password: "Fresh-Passw0rd" },
      origin: "https://evil.example",
    });
    expect(res.status).toBe(403);
    expect(
      (
        await call(reset.POST, {
          body: { email, reset_token: token, new_password: "Fresh-Passw0rd" },
          ip: nextIp(),
        })
      ).status,
    ).toBe(200);
  });
});
