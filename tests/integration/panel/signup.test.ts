import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { POST as verifyRoute } from "@/app/api/panel_user/verify_email/route";
import { getDb } from "@/db/client";
import { panelMemberMails, panelUsers, rateLimits } from "@/db/schema";
import { installMailTransport, MailSendError, type MailTransport } from "@/lib/mail";
import { clearMemoryOutbox, memoryOutbox } from "@/lib/mail/transports/memory";
import { sendSignupMail } from "@/lib/panel/member-mail-queue";
import { retryMemberMails } from "@/lib/panel/member-mail-retry";
import { signupBudget, signupLimitsPerAddress } from "@/lib/panel/rate-limits";
import { signUp as signUpMember } from "@/lib/panel/signup";
import { afterValidationRules } from "@/lib/rate-limit/client";
import { limitsInStatement } from "@/lib/rate-limit/in-statement";
import { call } from "../../support/http";
import {
  insertMember,
  lastMailTo,
  linksIn,
  makeSignupMailsDue,
  memberByEmail,
  signUp,
  stopParams,
  verificationParams,
} from "../../support/panel";
import { stopClock } from "../../support/clock";
import { countQueries } from "../../support/queries";

beforeEach(() => clearMemoryOutbox());

describe("POST /api/panel_user", () => {
  it("creates a pending member and mails a verification link that works", async () => {
    const res = await signUp("new.person@example.org");
    expect(res.status).toBe(200);
    expect(res.text).toBe("{}");

    const member = await memberByEmail("new.person@example.org");
    expect(member).toMatchObject({ isVerified: false, locale: "nl", verifiedAt: null });
    expect(member!.verificationHash).toMatch(/^[0-9a-f]{64}$/);
    const hoursLeft = (member!.verificationExpiresAt!.getTime() - Date.now()) / 3_600_000;
    expect(hoursLeft).toBeGreaterThan(47.9);
    expect(hoursLeft).toBeLessThanOrEqual(48);

    expect(memoryOutbox()).toHaveLength(1);
    const mail = lastMailTo("new.person@example.org");
    expect(mail.subject).toBe("Bevestig je aanmelding voor het onderzoekspanel");
    const params = verificationParams(mail);
    expect(params.panel_user_id).toBe(String(member!.id));
    // 160 random bits in base32, never the stored value itself.
    expect(params.verification_token).toMatch(/^[a-z2-7]{32}$/);
    expect(member!.verificationHash).not.toContain(params.verification_token);
    expect(mail.text).toContain(params.verification_token);
    // Every link of the body carries its token in the fragment, none in the query.
    for (const link of linksIn(mail.html)) expect(new URL(link).search).toBe("");
    expect(mail.text).toContain(`/verify-email#panel_user_id=${member!.id}&verification_token=`);
    expect(mail.text).not.toMatch(/https?:\/\/\S*\?/);

    const verified = await call(verifyRoute, {
      path: "/api/panel_user/verify_email",
      body: params,
    });
    expect(verified.status).toBe(200);
    expect((await memberByEmail("new.person@example.org"))!.isVerified).toBe(true);
  });

  it("normalises the address: trimmed and lower-cased", async () => {
    const res = await signUp("  Mixed.Case@Example.ORG ");
    expect(res.status).toBe(200);
    expect(await memberByEmail("mixed.case@example.org")).toBeDefined();
    expect(lastMailTo("mixed.case@example.org")).toBeDefined();
  });

  it("stores the site language of the sign-up and writes the mail in it", async () => {
    await signUp("english@example.org", { locale: "en" });
    expect((await memberByEmail("english@example.org"))!.locale).toBe("en");
    const mail = lastMailTo("english@example.org");
    expect(mail.subject).toBe("Confirm your sign-up for the research panel");
    expect(mail.html).toContain('<html lang="en">');

    await signUp("unknown-lang@example.org", { locale: "de" });
    expect((await memberByEmail("unknown-lang@example.org"))!.locale).toBe("nl");
  });

  it("answers byte for byte the same for a new, a pending and a confirmed address", async () => {
    await insertMember({ email: "pending@example.org" });
    await insertMember({ email: "member@example.org", isVerified: true, verifiedAt: new Date() });
    const answers = await Promise.all(
      ["fresh@example.org", "pending@example.org", "member@example.org"].map((e) => signUp(e)),
    );
    const shape = (r: (typeof answers)[number]) => ({
      status: r.status,
      text: r.text,
      headers: [...r.headers.entries()].sort(),
    });
    expect(shape(answers[1])).toEqual(shape(answers[0]));
    expect(shape(answers[2])).toEqual(shape(answers[0]));
    expect(answers[0].text).toBe("{}");
    // Each of them still got the mail that fits.
    expect(
      memoryOutbox()
        .map((m) => m.to)
        .sort(),
    ).toEqual(["fresh@example.org", "member@example.org", "pending@example.org"]);
  });

  it("gives a pending address a new link and voids the old one", async () => {
    await signUp("twice@example.org");
    const first = verificationParams(lastMailTo("twice@example.org"));
    await signUp("twice@example.org", { locale: "en" });
    const second = verificationParams(lastMailTo("twice@example.org"));
    expect(second.verification_token).not.toBe(first.verification_token);
    expect(second.panel_user_id).toBe(first.panel_user_id);
    expect((await memberByEmail("twice@example.org"))!.locale).toBe("en");

    const old = await call(verifyRoute, { path: "/api/panel_user/verify_email", body: first });
    expect(old.status).toBe(400);
    expect(old.body.error.code).toBe(7);
    const fresh = await call(verifyRoute, { path: "/api/panel_user/verify_email", body: second });
    expect(fresh.status).toBe(200);
  });

  it("sends a confirmed member an 'already in the panel' mail and changes nothing", async () => {
    const member = await insertMember({
      email: "known@example.org",
      isVerified: true,
      verifiedAt: new Date(),
      locale: "en",
      verificationHash: "a".repeat(64),
    });
    const res = await signUp("known@example.org", { locale: "nl" });
    expect(res.status).toBe(200);
    const after = await memberByEmail("known@example.org");
    expect(after).toEqual(member);

    const mail = lastMailTo("known@example.org");
    expect(mail.subject).toBe("You are already signed up for the research panel");
    expect(mail.html).not.toContain("/verify-email");
    // It still carries a working way out.
    expect(stopParams(mail).panel_user_id).toBe(String(member.id));
    expect(mail.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    // Its own idempotency key per request: a retried send is one mail, a later sign-up another.
    expect(mail.idempotencyKey).toMatch(new RegExp(`^panel-member-${member.id}-[0-9a-f]{24}$`));
  });

  it("refuses an invalid address with code 22 and stores nothing", async () => {
    const db = await getDb();
    const count = async () =>
      (await db.select({ n: sql<number>`count(*)::int` }).from(panelUsers))[0].n;
    const before = await count();
    for (const body of [
      { email: "not-an-address" },
      { email: "" },
      { email: `${"a".repeat(250)}@example.org` },
      { email: 42 },
      {},
    ]) {
      const res = await signUp(body.email as string);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe(22);
      expect(res.body.error.fields).toHaveProperty("email");
    }
    expect(await count()).toBe(before);
    expect(memoryOutbox()).toHaveLength(0);
  });

  it("refuses a cross-origin sign-up", async () => {
    const { POST } = await import("@/app/api/panel_user/route");
    const res = await call(POST, {
      path: "/api/panel_user",
      body: { email: "csrf@example.org" },
      origin: "https://evil.example",
    });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe(26);
    expect(await memberByEmail("csrf@example.org")).toBeUndefined();
  });

  it("limits sign-ups per address the same way for new and confirmed addresses", async () => {
    stopClock();
    await insertMember({ email: "limited-member@example.org", isVerified: true });
    for (const email of ["limited-new@example.org", "limited-member@example.org"]) {
      const answers = [];
      for (let i = 0; i < 6; i++) answers.push(await signUp(email));
      expect(answers.slice(0, 5).map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      const refused = answers[5];
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({
        error: { code: 23, message: "Too many requests, try again later" },
      });
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    expect(memoryOutbox().filter((m) => m.to === "limited-new@example.org")).toHaveLength(5);
    expect(memoryOutbox().filter((m) => m.to === "limited-member@example.org")).toHaveLength(5);
  });

  it("changes nothing on a refused sign-up: the last accepted one's link stays the one", async () => {
    stopClock();
    const email = "refused-pending@example.org";
    for (let i = 0; i < 5; i++) expect((await signUp(email)).status).toBe(200);
    const before = await memberByEmail(email);
    const db = await getDb();
    const mailsBefore = await db.select().from(panelMemberMails);
    expect((await signUp(email)).status).toBe(429);
    expect(await memberByEmail(email)).toEqual(before);
    expect(await db.select().from(panelMemberMails)).toEqual(mailsBefore);
  });

  it("counts its limits in the statement that signs up: one statement before the answer", async () => {
    const email = "one-statement@example.org";
    const limits = await limitsInStatement(
      afterValidationRules(signupBudget, "c-one-statement", signupLimitsPerAddress(email)),
    );
    const queries = countQueries();
    const mail = await signUpMember(email, "nl", undefined, undefined, limits);
    const statements = queries.count();
    queries.restore();
    // Sent as the route sends it after its answer, so no mail stays held by this test.
    await sendSignupMail(mail);
    expect(statements).toBe(1);
    expect(limits.settled).toBe(true);
    expect(await memberByEmail(email)).toBeDefined();
  });

  it("builds its statements' text once: a second sign-up and its mail only send values", async () => {
    const limitsFor = (email: string) =>
      limitsInStatement(
        afterValidationRules(signupBudget, "c-built-once", signupLimitsPerAddress(email)),
      );
    const first = await signUpMember(
      "built-once-1@example.org",
      "nl",
      undefined,
      undefined,
      await limitsFor("built-once-1@example.org"),
    );
    await sendSignupMail(first);
    const limits = await limitsFor("built-once-2@example.org");
    const building = vi.spyOn(PgDialect.prototype, "sqlToQuery");
    const second = await signUpMember(
      "built-once-2@example.org",
      "en",
      undefined,
      undefined,
      limits,
    );
    // Renewing the hold, sending and deleting the sent mail's row.
    await sendSignupMail(second);
    const built = building.mock.calls.length;
    building.mockRestore();
    expect(built).toBe(0);
    expect(second.member).toMatchObject({ email: "built-once-2@example.org", locale: "en" });
    expect(second.mailId).not.toBe(first.mailId);
    const db = await getDb();
    expect(await db.select().from(panelMemberMails)).toEqual([]);
    expect(memoryOutbox().map((m) => m.to)).toContain("built-once-2@example.org");
  });

  it("limits sign-ups per client address", async () => {
    stopClock();
    const statuses = [];
    for (let i = 0; i < 21; i++) {
      statuses.push((await signUp(`client${i}@example.org`, { ip: "192.0.2.55" })).status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
    expect(await memberByEmail("client20@example.org")).toBeUndefined();
    // Another client is not affected.
    expect((await signUp("other-client@example.org", { ip: "192.0.2.56" })).status).toBe(200);
  });

  it("keeps no address in the rate-limit keys", async () => {
    await signUp("secret.address@example.org");
    const db = await getDb();
    const keys = (await db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
    expect(keys.some((k) => k.startsWith("panel-signup-email:"))).toBe(true);
    expect(keys.join(" ")).not.toContain("secret.address");
  });

  it("answers 200 the same for every address while mail cannot be sent, and keeps the mail", async () => {
    const failing: MailTransport = {
      kind: "memory",
      send: async () => {
        throw new MailSendError("provider down", { retryable: true, statusCode: 500 });
      },
      sendBatch: async () => {
        throw new MailSendError("provider down", { retryable: true, statusCode: 500 });
      },
      liftSuppression: async () => {
        throw new MailSendError("provider down", { retryable: true, statusCode: 500 });
      },
    };
    await insertMember({ email: "down-member@example.org", isVerified: true });
    installMailTransport(failing);
    try {
      const a = await signUp("down-new@example.org");
      const b = await signUp("down-member@example.org");
      expect(a.status).toBe(200);
      expect(a.text).toBe("{}");
      expect(b.status).toBe(a.status);
      expect(b.text).toBe(a.text);
    } finally {
      installMailTransport(undefined);
    }
    // Both mails wait for their retry, released by the request that failed to send them.
    const db = await getDb();
    const owed = await db.select().from(panelMemberMails);
    expect(owed.map((m) => [m.kind, m.attempts, m.lockedUntil])).toEqual(
      expect.arrayContaining([
        ["verification", 1, null],
        ["already_member", 1, null],
      ]),
    );
    expect(owed).toHaveLength(2);
    expect(owed.every((m) => m.nextAttemptAt.getTime() > Date.now())).toBe(true);

    await makeSignupMailsDue();
    expect(await retryMemberMails({ deadlineMs: 10_000 })).toMatchObject({ sent: 2, pending: 0 });
    expect(lastMailTo("down-member@example.org").subject).toBe(
      "Je bent al aangemeld voor het onderzoekspanel",
    );
    const verified = await call(verifyRoute, {
      path: "/api/panel_user/verify_email",
      body: verificationParams(lastMailTo("down-new@example.org")),
    });
    expect(verified.status).toBe(200);
    expect(await db.select().from(panelMemberMails)).toHaveLength(0);
  });
});
