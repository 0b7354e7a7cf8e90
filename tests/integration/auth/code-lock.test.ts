import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { staffUsers } from "@/db/schema";
import * as login from "@/app/api/login/route";
import * as login2fa from "@/app/api/login_2fa/route";

import { fakeProviderForFile } from "../../support/mailings";
import { account, codeAt, PASSWORD, quietLogs, userRow } from "../../support/auth";
import { call, cookieFrom } from "../../support/http";

// Ten wrong second-factor codes in a row lock that step of sign-in for the account for 15
// minutes (stored on the account's row, so every instance sees it), answer the rate-limit
// refusal while locked, and mail the account holder once per lock.

quietLogs();

const T0 = new Date("2030-05-06T12:00:15Z");
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(T0);
});
afterEach(() => vi.useRealTimers());

const provider = fakeProviderForFile();

let block = 0;
/** Each test's calls come from addresses of their own: the per-client limit is not under test. */
function client() {
  block += 1;
  let n = 0;
  return () => `198.51.${block}.${(n += 1)}`;
}

async function challenge(email: string, ip: string): Promise<string> {
  const res = await call(login.POST, { body: { email, password: PASSWORD }, ip });
  expect(res.body).toEqual({ two_factor_required: true });
  return cookieFrom(res.setCookies, "login_challenge")!;
}

function sendCode(cookie: string, totp_code: string, ip: string) {
  return call(login2fa.POST, { cookie, body: { totp_code }, ip });
}

const wrongAt = async (secret: string, when: Date) =>
  (Number(await codeAt(secret, when)) ^ 1).toString().padStart(6, "0");

/** `count` wrong codes, a new password step after every fifth (a challenge allows five). */
async function wrongCodes(email: string, secret: string, count: number, ip: () => string) {
  const statuses: number[] = [];
  let cookie = "";
  for (let i = 0; i < count; i += 1) {
    if (i % 5 === 0) cookie = await challenge(email, ip());
    const res = await sendCode(cookie, await wrongAt(secret, new Date()), ip());
    statuses.push(res.status === 400 ? res.body.error.code : res.status);
  }
  return statuses;
}

const lockMails = (to: string) =>
  provider().delivered.filter((m) => m.to.includes(to) && /15 minut/.test(m.subject));

describe("the second-factor lock", () => {
  it("locks after the tenth wrong code in a row: 429 code 23 with Retry-After, one mail, 15 minutes", async () => {
    const ip = client();
    const { email, user, secret } = await account({ twoFactor: true });
    expect(await wrongCodes(email, secret!, 10, ip)).toEqual(Array(10).fill(2));
    const row = await userRow(user.id);
    expect(row.secondFactorLockedUntil).toEqual(at(15 * 60));
    expect(row.secondFactorFailures).toBe(0);

    // Even the right code is refused now, from any client, with the rate-limit answer; the
    // password step still works.
    vi.setSystemTime(at(60));
    const cookie = await challenge(email, ip());
    const refused = await sendCode(cookie, await codeAt(secret!, at(60)), ip());
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      error: { code: 23, message: "Too many requests, try again later" },
    });
    expect(refused.headers.get("retry-after")).toBe(String(14 * 60));
    // More wrong codes while locked neither extend the lock nor mail again.
    expect((await sendCode(cookie, "000000", ip())).status).toBe(429);
    expect((await userRow(user.id)).secondFactorLockedUntil).toEqual(at(15 * 60));

    await vi.waitFor(() => expect(lockMails(email)).toHaveLength(1), { timeout: 5_000 });
    const [mail] = lockMails(email);
    expect(mail.subject).toBe("Inloggen op je account is 15 minuten gepauzeerd");
    expect(mail.text).toContain("tien keer achter elkaar verkeerde codes");
    expect(mail.text).toContain("6 mei 2030 om 14:00");
    expect(mail.text).toContain("Wachtwoord vergeten?");

    // Once the 15 minutes are over the right code signs in.
    vi.setSystemTime(at(15 * 60));
    const after = await challenge(email, ip());
    const signedIn = await sendCode(after, await codeAt(secret!, at(15 * 60)), ip());
    expect(signedIn.status).toBe(200);
    expect(lockMails(email)).toHaveLength(1);
  });

  it("starts counting again after a right code before the tenth", async () => {
    const ip = client();
    const { email, user, secret } = await account({ twoFactor: true });
    expect(await wrongCodes(email, secret!, 9, ip)).toEqual(Array(9).fill(2));
    const cookie = await challenge(email, ip());
    expect((await sendCode(cookie, await codeAt(secret!, T0), ip())).status).toBe(200);
    expect((await userRow(user.id)).secondFactorFailures).toBe(0);

    vi.setSystemTime(at(30));
    expect(await wrongCodes(email, secret!, 9, ip)).toEqual(Array(9).fill(2));
    const row = await userRow(user.id);
    expect(row.secondFactorFailures).toBe(9);
    expect(row.secondFactorLockedUntil).toBeNull();
    expect(await wrongCodes(email, secret!, 1, ip)).toEqual([2]);
    expect((await userRow(user.id)).secondFactorLockedUntil).toEqual(at(30 + 15 * 60));
  });

  it("mails once per lock, in the account's language", async () => {
    const ip = client();
    const { email, user, secret } = await account({ twoFactor: true });
    const db = await getDb();
    await db.update(staffUsers).set({ locale: "en" }).where(eq(staffUsers.id, user.id));
    await wrongCodes(email, secret!, 10, ip);
    vi.setSystemTime(at(15 * 60 + 1));
    await wrongCodes(email, secret!, 10, ip);
    expect((await userRow(user.id)).secondFactorLockedUntil).toEqual(at(30 * 60 + 1));
    await vi.waitFor(() => expect(lockMails(email)).toHaveLength(2), { timeout: 5_000 });
    for (const mail of lockMails(email)) {
      expect(mail.subject).toBe("Signing in to your account is paused for 15 minutes");
      expect(mail.text).toContain("ten wrong codes in a row");
      // Nothing a reader could use: no link, no code.
      expect(mail.html).not.toMatch(/<a\s|https?:\/\//);
      expect(mail.text).not.toMatch(/\d{6}/);
    }
    expect(lockMails(email)[0].text).toContain("6 May 2030 at 14:00");
  });
});

describe("codes sent at once", () => {
  const outcome = (res: Awaited<ReturnType<typeof sendCode>>) =>
    res.status === 400 ? `code ${res.body.error.code}` : String(res.status);

  it("are judged one after another: a challenge never checks more than five", async () => {
    const ip = client();
    const { email, user, secret } = await account({ twoFactor: true });
    const cookie = await challenge(email, ip());
    const wrong = await wrongAt(secret!, T0);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => sendCode(cookie, wrong, ip())),
    );
    // Five wrong codes end the challenge; the three behind them find none.
    expect(answers.map(outcome).sort()).toEqual([
      ...Array(3).fill("401"),
      ...Array(5).fill("code 2"),
    ]);
    expect((await userRow(user.id)).secondFactorFailures).toBe(5);
  });

  it("cannot outrun the account's lock: after the tenth, the rest meet the lock unchecked", async () => {
    const ip = client();
    const { email, user, secret } = await account({ twoFactor: true });
    const db = await getDb();
    await db.update(staffUsers).set({ secondFactorFailures: 9 }).where(eq(staffUsers.id, user.id));
    const cookie = await challenge(email, ip());
    const wrong = await wrongAt(secret!, T0);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => sendCode(cookie, wrong, ip())),
    );
    expect(answers.map(outcome).sort()).toEqual(["429", "429", "429", "429", "code 2"]);
    const row = await userRow(user.id);
    expect(row.secondFactorLockedUntil).toEqual(at(15 * 60));
    expect(row.secondFactorFailures).toBe(0);
    await vi.waitFor(() => expect(lockMails(email)).toHaveLength(1), { timeout: 5_000 });
  });
});
