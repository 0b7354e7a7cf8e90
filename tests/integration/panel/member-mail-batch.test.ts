import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { POST as verifyRoute } from "@/app/api/panel_user/verify_email/route";
import { getDb } from "@/db/client";
import { panelMemberMails } from "@/db/schema";
import { installMailTransport } from "@/lib/mail";
import { createResendTransport } from "@/lib/mail/transports/resend";
import { sendSignupMail } from "@/lib/panel/member-mail-queue";
import { retryMemberMails } from "@/lib/panel/member-mail-retry";
import { signUp as writeSignUp } from "@/lib/panel/signup";
import { startFakeResend, type FakeResend } from "../../support/fake-resend";
import { call } from "../../support/http";
import { captureLogLines } from "../../support/log-lines";
import { insertMember, linksIn, makeSignupMailsDue, nextIp } from "../../support/panel";

let fake: FakeResend;
const log = captureLogLines();

beforeAll(async () => {
  fake = await startFakeResend();
});
afterEach(async () => {
  installMailTransport(undefined);
  fake.reset();
  fake.configure({ invalidAddresses: [] });
  const db = await getDb();
  await db.delete(panelMemberMails);
});
afterAll(async () => {
  await fake.close();
});

function useFake() {
  installMailTransport(
    createResendTransport({
      apiKey: fake.apiKey,
      baseUrl: fake.url,
      from: "Panel <p@example.org>",
    }),
  );
}

/** Sign-ups written, then answered in the same turn: their mails wait in the queue together. */
async function answeredTogether(emails: string[]) {
  const jobs = [];
  for (const email of emails) jobs.push(await writeSignUp(email, "nl"));
  await Promise.all(jobs.map((job) => sendSignupMail(job)));
  return jobs;
}

const batchRequests = () => fake.requests.filter((r) => r.path === "/emails/batch");
const singleRequests = () => fake.requests.filter((r) => r.path === "/emails");

async function verifyWith(email: string) {
  const mail = fake.delivered.find((m) => m.to[0] === email)!;
  const link = new URL(linksIn(mail.html!).find((l) => l.includes("/verify-email"))!);
  return call(verifyRoute, {
    path: "/api/panel_user/verify_email",
    body: Object.fromEntries(new URLSearchParams(link.hash.slice(1))),
    ip: nextIp(),
  });
}

describe("sign-up mails gathered into batches", () => {
  it("sends the mails of sign-ups answered together in one request, each once, each its own", async () => {
    useFake();
    await insertMember({ email: "batch-known@example.org", isVerified: true, locale: "en" });
    const emails = ["batch-a@example.org", "batch-b@example.org", "batch-known@example.org"];
    await answeredTogether(emails);
    expect(batchRequests()).toHaveLength(1);
    expect(singleRequests()).toHaveLength(0);
    expect(batchRequests()[0].idempotencyKey).toMatch(/^panel-signups-[0-9a-f]{32}$/);
    expect(fake.delivered.map((m) => m.to[0]).sort()).toEqual([...emails].sort());
    expect(fake.delivered.find((m) => m.to[0] === "batch-known@example.org")!.subject).toBe(
      "You are already signed up for the research panel",
    );
    expect((await verifyWith("batch-a@example.org")).status).toBe(200);
    expect((await verifyWith("batch-b@example.org")).status).toBe(200);
    const db = await getDb();
    expect(await db.select().from(panelMemberMails)).toHaveLength(0);
  });

  it("sends a lone sign-up's mail on its own, at once", async () => {
    useFake();
    await answeredTogether(["alone@example.org"]);
    expect(singleRequests()).toHaveLength(1);
    expect(batchRequests()).toHaveLength(0);
  });

  it("tries a failed batch request once more with the same key, and sends each mail once", async () => {
    useFake();
    fake.failNext({ status: 500 }, 1);
    await answeredTogether(["again-a@example.org", "again-b@example.org"]);
    const tries = batchRequests();
    expect(tries.map((r) => r.status)).toEqual([500, 200]);
    expect(tries[1].idempotencyKey).toBe(tries[0].idempotencyKey);
    expect(fake.delivered).toHaveLength(2);
  });

  it("gives up only the mail the provider refuses; the others of the batch are sent", async () => {
    useFake();
    fake.configure({ invalidAddresses: ["refused-in-batch@example.org"] });
    await answeredTogether(["refused-in-batch@example.org", "fine-in-batch@example.org"]);
    expect(fake.delivered.map((m) => m.to[0])).toEqual(["fine-in-batch@example.org"]);
    const db = await getDb();
    expect(await db.select().from(panelMemberMails)).toHaveLength(0);
    expect(log.lines()).toContainEqual(
      expect.objectContaining({ scope: "panel-mail", givenUp: true, attempts: 1 }),
    );
    // The provider's reason quotes the address; the log does not.
    expect(JSON.stringify(log.lines())).not.toContain("refused-in-batch");
  });

  it("leaves out a bounced member's mail whose suppression cannot be lifted: it waits for its retry", async () => {
    useFake();
    await insertMember({
      email: "batch-bounced@example.org",
      isVerified: true,
      deliveryStatus: "bounced",
    });
    fake.suppressions.add("batch-bounced@example.org");
    // The first requests are the lift (and its tries): the list cannot be changed just now.
    fake.failNext({ status: 500, name: "internal_server_error" }, 3);
    await answeredTogether(["batch-bounced@example.org", "batch-fine@example.org"]);
    expect(fake.delivered.map((m) => m.to[0])).toEqual(["batch-fine@example.org"]);
    const db = await getDb();
    expect((await db.select().from(panelMemberMails)).map((r) => r.attempts)).toEqual([1]);

    await makeSignupMailsDue();
    expect(await retryMemberMails({ deadlineMs: 10_000 })).toMatchObject({ sent: 1 });
    expect(fake.suppressions.has("batch-bounced@example.org")).toBe(false);
    expect(fake.delivered.map((m) => m.to[0])).toContain("batch-bounced@example.org");
  });

  it("gives no mail up when the request is refused as a whole: each gets a try of its own", async () => {
    useFake();
    fake.failNext({ status: 422, name: "validation_error" }, 1);
    await answeredTogether(["whole-a@example.org", "whole-b@example.org"]);
    const db = await getDb();
    expect((await db.select().from(panelMemberMails)).map((r) => r.attempts)).toEqual([1, 1]);
    await makeSignupMailsDue();
    expect(await retryMemberMails({ deadlineMs: 10_000 })).toMatchObject({ sent: 2, givenUp: 0 });
    expect(fake.delivered.map((m) => m.to[0]).sort()).toEqual([
      "whole-a@example.org",
      "whole-b@example.org",
    ]);
  });

  it("waits for a request the provider is still working on, then takes its answer: sent once", async () => {
    useFake();
    fake.failNext({ status: 409, name: "concurrent_idempotent_requests" }, 1);
    await answeredTogether(["busy-a@example.org", "busy-b@example.org"]);
    expect(batchRequests().map((r) => r.status)).toEqual([409, 200]);
    expect(fake.delivered).toHaveLength(2);
  }, 20_000);

  it("leaves each mail of a batch that failed three times to its own retry, sent alone under its own key", async () => {
    useFake();
    fake.failNext({ status: 503 }, 3);
    await answeredTogether(["later-a@example.org", "later-b@example.org"]);
    const db = await getDb();
    const rows = await db.select().from(panelMemberMails);
    expect(rows.map((r) => [r.attempts, r.lockedUntil])).toEqual([
      [1, null],
      [1, null],
    ]);
    await makeSignupMailsDue();
    expect(await retryMemberMails({ deadlineMs: 10_000 })).toMatchObject({ sent: 2, pending: 0 });
    expect(singleRequests().map((r) => r.idempotencyKey)).toEqual([
      expect.stringMatching(/^panel-verify-\d+-[0-9a-f]{24}$/),
      expect.stringMatching(/^panel-verify-\d+-[0-9a-f]{24}$/),
    ]);
    expect(fake.delivered).toHaveLength(2);
    expect((await verifyWith("later-b@example.org")).status).toBe(200);
  });
});
