import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { staffUsers, type StaffUser } from "@/db/schema";
import { changePassword } from "@/lib/auth/account";
import type { AccountEvent } from "@/lib/auth/account-mails";
import { issueSetPasswordToken, resetPassword } from "@/lib/auth/password-reset";
import { createSession } from "@/lib/auth/session";
import { resetStaffTwoFactor, setStaffAdmin } from "@/lib/auth/staff-admin";
import { disableTwoFactor, enableTwoFactor, startTwoFactorSetup } from "@/lib/auth/two-factor";
import { sha256Hex } from "@/lib/crypto/tokens";
import enMail from "@/i18n/messages/en/mail.json";
import nlMail from "@/i18n/messages/nl/mail.json";
import type { FakeAcceptedEmail } from "../../support/fake-resend";
import { captureLogLines } from "../../support/log-lines";
import { fakeProviderForFile } from "../../support/mailings";
import { account, codeAt, PASSWORD } from "../../support/auth";

// The account holder is mailed, in the account's language, when their password is changed or
// reset, two-factor is turned on, off or reset, and admin rights are granted or taken away:
// through the real Resend SDK to the fake provider, after the action's transaction.

const log = captureLogLines();
const T0 = new Date("2030-05-06T12:00:15Z");
const WHEN = { nl: "6 mei 2030 om 14:00 CEST", en: "6 May 2030 at 14:00 CEST" } as const;
const NEW_PASSWORD = "Another-Passw0rd";

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(T0);
});
afterEach(() => vi.useRealTimers());

const provider = fakeProviderForFile();

type Locale = "nl" | "en";
/** The events someone's action causes (the code-step lock's mail is tested in code-lock.test.ts). */
type Event = Exclude<AccountEvent, "second_factor_locked">;

async function holder(locale: Locale, o: { admin?: boolean; twoFactor?: boolean } = {}) {
  const a = await account(o);
  const db = await getDb();
  const [user] = await db
    .update(staffUsers)
    .set({ locale })
    .where(eq(staffUsers.id, a.user.id))
    .returning();
  const { token } = await createSession(user.id, T0);
  return { ...a, user, sessionId: sha256Hex(token) };
}

async function anAdmin() {
  const a = await account({ admin: true });
  const { token } = await createSession(a.user.id, T0);
  return { user: a.user, sessionId: sha256Hex(token) };
}

/** Each event, done to an account of the given language; answers the holder. */
const actions: Record<Event, (locale: Locale) => Promise<StaffUser>> = {
  password_changed: async (locale) => {
    const h = await holder(locale);
    const input = { current_password: PASSWORD, new_password: NEW_PASSWORD };
    await changePassword(h.user, h.sessionId, input, T0);
    return h.user;
  },
  password_reset: async (locale) => {
    const h = await holder(locale);
    const token = await issueSetPasswordToken(h.user.id, "reset", T0);
    await resetPassword({ email: h.email, reset_token: token, new_password: NEW_PASSWORD }, T0);
    return h.user;
  },
  two_factor_enabled: async (locale) => {
    const h = await holder(locale);
    const { totp_secret } = await startTwoFactorSetup(h.user, T0);
    const [pending] = await (
      await getDb()
    )
      .select()
      .from(staffUsers)
      .where(eq(staffUsers.id, h.user.id));
    const input = { totp_secret, totp_code: await codeAt(totp_secret, T0) };
    await enableTwoFactor(pending, h.sessionId, input, T0);
    return h.user;
  },
  two_factor_disabled: async (locale) => {
    const h = await holder(locale, { twoFactor: true });
    const [on] = await (
      await getDb()
    )
      .select()
      .from(staffUsers)
      .where(eq(staffUsers.id, h.user.id));
    await disableTwoFactor(on, h.sessionId, { totp_code: await codeAt(h.secret!, T0) }, T0);
    return h.user;
  },
  two_factor_reset: async (locale) => {
    const h = await holder(locale, { twoFactor: true });
    await resetStaffTwoFactor(h.user.id, { password: PASSWORD }, await anAdmin(), T0);
    return h.user;
  },
  admin_granted: async (locale) => {
    const h = await holder(locale);
    await setStaffAdmin(h.user.id, { is_admin: true, password: PASSWORD }, await anAdmin(), T0);
    return h.user;
  },
  admin_revoked: async (locale) => {
    const h = await holder(locale, { admin: true });
    await setStaffAdmin(h.user.id, { is_admin: false }, await anAdmin(), T0);
    return h.user;
  },
};

const texts = { nl: nlMail.staff.account, en: enMail.staff.account };

function mailsTo(email: string): FakeAcceptedEmail[] {
  return provider().delivered.filter((m) => m.to.includes(email));
}

async function theMailTo(email: string): Promise<FakeAcceptedEmail> {
  await vi.waitFor(() => expect(mailsTo(email)).toHaveLength(1), { timeout: 5_000 });
  return mailsTo(email)[0];
}

describe("mails to the account holder", () => {
  const cases = (["nl", "en"] as const).flatMap((locale) =>
    (Object.keys(actions) as Event[]).map((event) => [event, locale] as const),
  );

  it.each(cases)("%s is mailed to the holder in %s", async (event, locale) => {
    const user = await actions[event](locale);
    const mail = await theMailTo(user.email);
    const t = texts[locale][event];
    expect(mail.subject).toBe(t.subject);
    expect(mail.text).toContain(t.heading);
    expect(mail.text).toContain(t.what.replace("{time}", WHEN[locale]));
    expect(mail.text).toContain(t.notYou);
    expect(mail.html).toContain(`lang="${locale}"`);
    // Nothing anyone could use: no link at all, no code, no password.
    expect(mail.html).not.toMatch(/<a\s|https?:\/\//);
    expect(`${mail.text}${mail.html}`).not.toMatch(/\b\d{6}\b/);
    expect(`${mail.text}${mail.html}`).not.toContain(NEW_PASSWORD);
    expect(`${mail.text}${mail.html}`).not.toContain(PASSWORD);
  });

  it("reads well in both languages (a sample, word for word)", async () => {
    const nl = await actions.password_changed("nl");
    expect((await theMailTo(nl.email)).subject).toBe("Je wachtwoord is gewijzigd");
    const en = await actions.admin_revoked("en");
    const mail = await theMailTo(en.email);
    expect(mail.subject).toBe("You are no longer an admin");
    expect(mail.text).toContain(
      "The admin rights of your staff account at the research panel were removed on 6 May 2030 at 14:00 CEST.",
    );
  });

  it("sends nothing for a refused action, a role that does not change, or a first password from an invitation", async () => {
    const h = await holder("nl");
    const wrong = { current_password: "Not-The-One-1", new_password: NEW_PASSWORD };
    await expect(changePassword(h.user, h.sessionId, wrong, T0)).rejects.toMatchObject({
      code: 3,
    });
    const admin = await holder("en", { admin: true });
    const by = await anAdmin();
    await setStaffAdmin(admin.user.id, { is_admin: true, password: PASSWORD }, by, T0);
    const invited = await holder("nl");
    const token = await issueSetPasswordToken(invited.user.id, "invite", T0);
    await resetPassword(
      { email: invited.email, reset_token: token, new_password: NEW_PASSWORD },
      T0,
    );
    // A mail for a later change arrives; none came for the ones before it.
    const marker = await holder("nl");
    await changePassword(
      marker.user,
      marker.sessionId,
      { current_password: PASSWORD, new_password: NEW_PASSWORD },
      T0,
    );
    await theMailTo(marker.email);
    for (const email of [h.email, admin.email, invited.email]) expect(mailsTo(email)).toEqual([]);
  });

  it("keeps the action when the mail fails, and logs the failure", async () => {
    provider().failNext({ status: 500, name: "internal_server_error" });
    const h = await holder("en");
    const input = { current_password: PASSWORD, new_password: NEW_PASSWORD };
    const updated = await changePassword(h.user, h.sessionId, input, T0);
    expect(updated.passwordHash).not.toBe(h.user.passwordHash);
    await vi.waitFor(
      () =>
        expect(log.lines()).toContainEqual(
          expect.objectContaining({
            level: "error",
            scope: "mail",
            action: "account holder mail",
            userId: h.user.id,
            event: "password_changed",
          }),
        ),
      { timeout: 5_000 },
    );
    const [row] = await (
      await getDb()
    )
      .select()
      .from(staffUsers)
      .where(eq(staffUsers.id, h.user.id));
    expect(row.passwordHash).toBe(updated.passwordHash);
  });
});
