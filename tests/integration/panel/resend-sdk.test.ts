import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as unsubscribeRoute } from "@/app/api/panel_user/unsubscribe/route";
import { POST as verifyRoute } from "@/app/api/panel_user/verify_email/route";
import { installMailTransport, MailSendError, type MailMessage } from "@/lib/mail";
import { createResendTransport } from "@/lib/mail/transports/resend";
import { panelMail } from "@/lib/mail/panel-mail";
import { retryMemberMails } from "@/lib/panel/member-mail-retry";
import { startFakeResend, type FakeResend } from "../../support/fake-resend";
import { call } from "../../support/http";
import {
  insertMember,
  linksIn,
  makeSignupMailsDue,
  memberByEmail,
  nextIp,
  signUp,
} from "../../support/panel";
import { stopClock } from "../../support/clock";

const FROM = "Onderzoekspanel <panel@example.org>";
let fake: FakeResend;

beforeAll(async () => {
  fake = await startFakeResend();
});
afterEach(() => {
  installMailTransport(undefined);
  fake.reset();
});
afterAll(async () => {
  await fake.close();
});

function transport(apiKey = fake.apiKey) {
  return createResendTransport({ apiKey, baseUrl: fake.url, from: FROM });
}

const plainMail: MailMessage = {
  to: "someone@example.org",
  subject: "Onderwerp",
  html: "<p>Hallo</p>",
  text: "Hallo",
};

describe("panel mails through the real Resend SDK and a fake Resend server", () => {
  it("delivers the verification mail with a working link and the unsubscribe headers", async () => {
    installMailTransport(transport());
    const res = await signUp("via-resend@example.org");
    expect(res.status).toBe(200);

    expect(fake.requests).toHaveLength(1);
    const request = fake.requests[0];
    expect(request).toMatchObject({ method: "POST", path: "/emails", status: 200 });
    expect(request.headers.authorization).toBe(`Bearer ${fake.apiKey}`);
    expect(request.idempotencyKey).toMatch(/^panel-verify-\d+-[0-9a-f]{24}$/);

    const email = request.emails[0];
    expect(email.from).toBe(FROM);
    expect(email.to).toEqual(["via-resend@example.org"]);
    expect(email.subject).toBe("Bevestig je aanmelding voor het onderzoekspanel");
    expect(email.text).toContain("/verify-email#panel_user_id=");
    const member = (await memberByEmail("via-resend@example.org"))!;
    expect(email.headers).toEqual({
      "List-Unsubscribe": expect.stringMatching(
        new RegExp(
          `^<http://localhost:3000/api/panel_user/unsubscribe\\?panel_user_id=${member.id}&stop_token=[0-9a-f]{8}\\.[0-9a-f]{64}>$`,
        ),
      ),
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    // No tracking: no images, and every link points at the site itself.
    expect(email.html).not.toMatch(/<img/i);
    for (const link of linksIn(email.html!))
      expect(new URL(link).origin).toBe("http://localhost:3000");

    const verifyLink = new URL(linksIn(email.html!).find((l) => l.includes("/verify-email"))!);
    const verified = await call(verifyRoute, {
      path: "/api/panel_user/verify_email",
      body: Object.fromEntries(new URLSearchParams(verifyLink.hash.slice(1))),
      ip: nextIp(),
    });
    expect(verified.status).toBe(200);
    expect((await memberByEmail("via-resend@example.org"))!.isVerified).toBe(true);

    // The header's one-click target removes the member, as a mail client would call it.
    const oneClick = new URL(email.headers!["List-Unsubscribe"].slice(1, -1));
    const left = await call(unsubscribeRoute, {
      method: "POST",
      path: `${oneClick.pathname}${oneClick.search}`,
      rawBody: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      origin: null,
      ip: nextIp(),
    });
    expect(left.status).toBe(200);
    expect(await memberByEmail("via-resend@example.org")).toBeUndefined();
  });

  it("sends the 'already in the panel' mail with the headers too, in the member's language", async () => {
    await insertMember({ email: "known-resend@example.org", isVerified: true, locale: "en" });
    installMailTransport(transport());
    expect((await signUp("known-resend@example.org")).status).toBe(200);
    const email = fake.delivered[0];
    expect(email.subject).toBe("You are already signed up for the research panel");
    expect(email.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(email.headers?.["List-Unsubscribe"]).toMatch(
      /^<http:\/\/localhost:3000\/api\/panel_user\/unsubscribe\?/,
    );
    expect(email.html).toContain("/stop-participation#panel_user_id=");
  });

  it("sends a batch in one request with the idempotency key, ids in order", async () => {
    const recipients = [1, 2, 3].map((i) => ({
      id: i,
      email: `batch${i}@example.org`,
      locale: i === 2 ? "en" : "nl",
      stopNonce: `nonce${i}`,
    }));
    const messages = recipients.map((r) =>
      panelMail(r, {
        subject: "Nieuw onderzoek",
        heading: "Nieuw onderzoek",
        paragraphs: ["Er is een nieuw onderzoek."],
      }),
    );
    const { results } = await transport().sendBatch(messages, {
      idempotencyKey: "message-7-batch-1",
    });
    expect(results).toHaveLength(3);
    expect(results.every((r) => typeof r.id === "string" && r.id.length > 0)).toBe(true);
    expect(new Set(results.map((r) => r.id)).size).toBe(3);
    expect(fake.requests[0].headers["x-batch-validation"]).toBe("permissive");
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({
      path: "/emails/batch",
      idempotencyKey: "message-7-batch-1",
    });
    expect(fake.requests[0].emails.map((e) => e.to[0])).toEqual(recipients.map((r) => r.email));
    expect(fake.requests[0].emails.every((e) => e.headers?.["List-Unsubscribe-Post"])).toBe(true);
    expect(fake.requests[0].emails[1].html).toContain("Stop participating");
    expect(fake.requests[0].emails[0].html).toContain("Deelname stoppen");
  });

  it("pairs a permissive batch's ids with the mails the provider accepted, not by position", async () => {
    fake.configure({ invalidAddresses: ["second@example.org"] });
    const messages = ["first", "second", "third"].map((n) => ({
      ...plainMail,
      to: `${n}@example.org`,
    }));
    const { results } = await transport().sendBatch(messages, { idempotencyKey: "pairing" });
    expect(results[1]).toEqual({
      id: null,
      error: "Invalid `to` field: second@example.org is not a valid email address.",
    });
    expect(fake.delivered.map((m) => m.to[0])).toEqual(["first@example.org", "third@example.org"]);
    expect(results[0]).toEqual({ id: fake.delivered[0].id });
    expect(results[2]).toEqual({ id: fake.delivered[1].id });
  });

  it("reports the provider's rate-limit headers, and a 429 with the time to wait", async () => {
    // The fake counts arrivals in a one-second window: all three must land in one.
    stopClock();
    fake.configure({ requestsPerSecond: 2 });
    const first = await transport().sendBatch([plainMail]);
    expect(first.rateLimit).toEqual({ limit: 2, remaining: 1, resetSeconds: 1 });
    const second = await transport().sendBatch([plainMail]);
    expect(second.rateLimit).toMatchObject({ remaining: 0 });
    const limited = await transport()
      .sendBatch([plainMail])
      .catch((e: unknown) => e);
    expect(limited).toMatchObject({
      retryable: true,
      statusCode: 429,
      providerCode: "rate_limit_exceeded",
      retryAfterSeconds: 1,
    });
  });

  it("tells the two idempotency 409s apart: in progress is retryable, changed content is not", async () => {
    fake.failNext({ status: 409, name: "concurrent_idempotent_requests" });
    fake.failNext({ status: 409, name: "invalid_idempotent_request" });
    const inProgress = await transport()
      .sendBatch([plainMail], { idempotencyKey: "k" })
      .catch((e: unknown) => e);
    expect(inProgress).toMatchObject({
      retryable: true,
      statusCode: 409,
      providerCode: "concurrent_idempotent_requests",
    });
    const changed = await transport()
      .sendBatch([plainMail], { idempotencyKey: "k" })
      .catch((e: unknown) => e);
    expect(changed).toMatchObject({
      retryable: false,
      statusCode: 409,
      providerCode: "invalid_idempotent_request",
    });
  });

  it("surfaces 429 as a retryable MailSendError with Retry-After", async () => {
    fake.failNext({ status: 429, retryAfter: "7" });
    const error = await transport()
      .send(plainMail)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MailSendError);
    expect(error).toMatchObject({ retryable: true, statusCode: 429, retryAfterSeconds: 7 });
    // The next attempt goes through.
    await expect(transport().send(plainMail)).resolves.toMatchObject({ id: expect.any(String) });
  });

  it("surfaces 500, with or without a JSON body, as retryable", async () => {
    fake.failNext({ status: 500 });
    fake.failNext({ status: 502, rawBody: "<html>Bad gateway</html>" });
    for (let i = 0; i < 2; i++) {
      const error = await transport()
        .sendBatch([plainMail])
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MailSendError);
      expect(error).toMatchObject({ retryable: true });
      expect((error as MailSendError).statusCode).toBeGreaterThanOrEqual(500);
    }
  });

  it("surfaces a rejected request (422, wrong key) as not retryable", async () => {
    fake.failNext({
      status: 422,
      body: { statusCode: 422, name: "validation_error", message: "Invalid `to` field" },
    });
    const invalid = await transport()
      .send(plainMail)
      .catch((e: unknown) => e);
    expect(invalid).toMatchObject({ retryable: false, statusCode: 422 });
    const wrongKey = await transport("re_wrong")
      .send(plainMail)
      .catch((e: unknown) => e);
    expect(wrongKey).toMatchObject({ retryable: false, statusCode: 403 });
  });

  it("gives a single send up after 20 seconds when the provider does not answer", async () => {
    const held = fake.holdNext();
    const started = Date.now();
    const sending = transport()
      .send(plainMail)
      .catch((e: unknown) => e);
    await held.arrived;
    const error = await sending;
    held.release();
    expect(error).toBeInstanceOf(MailSendError);
    expect(error).toMatchObject({ retryable: true });
    expect(Date.now() - started).toBeGreaterThanOrEqual(19_000);
  }, 40_000);

  it("surfaces an unreachable provider as retryable", async () => {
    const down = createResendTransport({
      apiKey: "re_x",
      baseUrl: "http://127.0.0.1:9",
      from: FROM,
    });
    const error = await down.send(plainMail).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MailSendError);
    expect(error).toMatchObject({ retryable: true });
  });

  it("answers the sign-up the same while the provider fails, and sends its mail on the retry", async () => {
    await insertMember({ email: "member-when-down@example.org", isVerified: true });
    installMailTransport(transport());
    fake.failNext({ status: 500 }, 2);
    const lines: string[] = [];
    const spy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
      lines.push(args.map(String).join(" "));
    });
    const a = await signUp("new-when-down@example.org");
    const b = await signUp("member-when-down@example.org");
    spy.mockRestore();
    expect(a.status).toBe(200);
    expect(a.text).toBe("{}");
    expect(b.text).toBe(a.text);
    expect(fake.delivered).toHaveLength(0);
    // The failure is logged for staff, naming the member row that was written.
    const newMember = (await memberByEmail("new-when-down@example.org"))!;
    const logged = lines.filter((l) => l.startsWith("{")).map((l) => JSON.parse(l));
    expect(logged).toContainEqual(
      expect.objectContaining({ scope: "panel-mail", memberId: newMember.id, attempts: 1 }),
    );
    const firstKeys = fake.requests.map((r) => r.idempotencyKey);

    // Once the provider is back, the retry sends both with the keys of the first try.
    await makeSignupMailsDue();
    const run = await retryMemberMails({ deadlineMs: 10_000 });
    expect(run).toMatchObject({ sent: 2, givenUp: 0, pending: 0, nextDueInMs: null });
    expect(fake.delivered.map((m) => m.to[0]).sort()).toEqual([
      "member-when-down@example.org",
      "new-when-down@example.org",
    ]);
    expect(fake.delivered.map((m) => m.idempotencyKey).sort()).toEqual([...firstKeys].sort());
    const verifyLink = new URL(
      linksIn(fake.delivered.find((m) => m.to[0] === "new-when-down@example.org")!.html!).find(
        (l) => l.includes("/verify-email"),
      )!,
    );
    const verified = await call(verifyRoute, {
      path: "/api/panel_user/verify_email",
      body: Object.fromEntries(new URLSearchParams(verifyLink.hash.slice(1))),
      ip: nextIp(),
    });
    expect(verified.status).toBe(200);
  });
});
