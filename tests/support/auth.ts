import { eq } from "drizzle-orm";
import { afterEach, beforeEach, vi } from "vitest";
import { generate } from "otplib";
import { getDb } from "@/db/client";
import { staffUsers } from "@/db/schema";
import { sealTotpSecret, newTotpSecret } from "@/lib/auth/totp";
import { createStaffAccount } from "@/lib/auth/staff-users";
import * as login from "@/app/api/login/route";
import { call, cookieFrom } from "./http";

export const PASSWORD = "Correct-Horse-9";

let n = 0;

/** A staff account with a password (and, when asked, two-factor on with a known secret). */
export async function account(o: { admin?: boolean; twoFactor?: boolean; password?: string } = {}) {
  n += 1;
  const email = `person${n}-${Math.random().toString(36).slice(2, 8)}@example.org`;
  const password = o.password ?? PASSWORD;
  const user = await createStaffAccount({ email, password, name: `Person ${n}`, isAdmin: o.admin });
  let secret: string | undefined;
  if (o.twoFactor) {
    secret = newTotpSecret();
    const db = await getDb();
    await db
      .update(staffUsers)
      .set({ totpSecret: sealTotpSecret(secret), twoFactorEnabled: true })
      .where(eq(staffUsers.id, user.id));
  }
  return { user, email, password, secret };
}

/** Signs in with a password and returns the session's Cookie header. */
export async function signIn(email: string, password = PASSWORD, ip = "192.0.2.10") {
  const res = await call(login.POST, { body: { email, password }, ip });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${res.text}`);
  const cookie = cookieFrom(res.setCookies, "session");
  if (!cookie) throw new Error("no session cookie");
  return cookie;
}

/** The code an authenticator app would show at `at` (a Date). */
export function codeAt(secret: string, at: Date): Promise<string> {
  return generate({ secret, epoch: Math.floor(at.getTime() / 1000) });
}

export async function userRow(id: number) {
  const db = await getDb();
  const [row] = await db.select().from(staffUsers).where(eq(staffUsers.id, id));
  return row;
}

/** Keeps the sign-in log lines out of the test output (tests that read them spy themselves). */
export function quietLogs(): void {
  beforeEach(() => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
}

/** The parameters a mail link carries in its fragment (where tokens travel). */
export function fragmentParams(link: URL): URLSearchParams {
  return new URLSearchParams(link.hash.slice(1));
}
