import { eq, inArray, sql } from "drizzle-orm";
import { Resend } from "resend";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { POST as sendRoute } from "@/app/api/panel_message/[id]/send/route";
import { getDb } from "@/db/client";
import { mailSendBudget, panelMessageBatches, panelUsers, type PanelUser } from "@/db/schema";
import { getMailTransport, installMailTransport } from "@/lib/mail";
import { claimNextBatch } from "@/lib/mailings/delivery/claim";
import { deliverPending } from "@/lib/mailings/delivery/deliver";
import { recordOutcome } from "@/lib/mailings/delivery/outcome";
import { encodePayload } from "@/lib/mailings/delivery/payload";
import { callProvider } from "@/lib/mailings/delivery/provider";
import {
  INVALID_IDEMPOTENT_REQUEST,
  MEMBER_LEFT,
  UNKNOWN_AFTER_WINDOW,
} from "@/lib/mailings/delivery/reasons";
import type { ClaimedBatch } from "@/lib/mailings/delivery/types";
import { queueMessage } from "@/lib/mailings/queue";
import { messageDetail } from "@/lib/mailings/read";
import { removePanelUser } from "@/lib/panel/leave";
import { stopLinks } from "@/lib/links/panel";
import { placesHolding } from "../../support/db-scan";
import { startFakeResend, type FakeResend } from "../../support/fake-resend";
import { call } from "../../support/http";
import { staffWithSession } from "../../support/staff";
import {
  BODY_WITH_IMAGE,
  IMAGE_ID,
  batchesOf,
  deliveriesOf,
  draft,
  imageSources,
  insertMember,
  insertMembers,
  linksIn,
  messageRow,
  useFakeProvider,
  waitFor,
} from "../../support/mailings";

let fake: FakeResend;
let admin: string;
const logged: string[] = [];

beforeAll(async () => {
  // The provider's default limit is 5 requests a second; the sender is configured for 4.
  fake = await startFakeResend({ requestsPerSecond: 5 });
  admin = (await staffWithSession({ admin: true })).cookie;
  for (const method of ["log", "warn", "error", "info"] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      logged.push(args.map(String).join(" "));
    });
  }
});
beforeEach(async () => {
  const db = await getDb();
  // Each test counts its own members and mails.
  await db.execute(sql`delete from panel_message_deliveries`);
  await db.execute(sql`delete from panel_message_batches`);
  await db.execute(sql`delete from panel_users`);
  await db.execute(sql`delete from mail_send_budget`);
  fake.reset();
  useFakeProvider(fake);
});
afterEach(() => installMailTransport(undefined));
afterAll(async () => {
  await fake.close();
  vi.restoreAllMocks();
});

async function queuedDraft(subject = "Nieuw onderzoek", body = BODY_WITH_IMAGE) {
  const message = await draft(admin, { subject, body });
  await queueMessage(message.id, null);
  return message;
}

async function claimBatch(): Promise<ClaimedBatch> {
  const claim = await claimNextBatch();
  if (claim.kind !== "batch") throw new Error(`expected a batch, got ${claim.kind}`);
  return claim.batch;
}

async function expireLeases() {
  const db = await getDb();
  await db.execute(
    sql`update panel_message_batches set locked_until = now() - interval '1 second' where status = 'pending'`,
  );
}

/** Lets time pass for scheduled retries. */
async function makeRetriesDue() {
  const db = await getDb();
  await db.execute(
    sql`update panel_message_batches set next_attempt_at = now() where status = 'pending'`,
  );
}

const batchRequests = () => fake.requests.filter((r) => r.path === "/emails/batch");

async function membersByEmail(): Promise<Map<string, PanelUser>> {
  const db = await getDb();
  return new Map((await db.select().from(panelUsers)).map((m) => [m.email, m]));
}

function expectEachOnce(expected: string[]) {
  const to = fake.delivered.map((m) => m.to[0]);
  expect(to).toHaveLength(expected.length);
  expect(new Set(to)).toEqual(new Set(expected));
}

describe("delivering a message through the real Resend SDK and the fake provider", () => {
  it("mails 250 verified members (not the 20 unverified) in 3 batch calls, each mail its member's own", async () => {
    const verified = await insertMembers(250);
    const unverified = await insertMembers(20, { verified: false });
    const message = await queuedDraft();
    expect((await messageRow(message.id)).recipientsTotal).toBe(250);

    const startedAt = Date.now();
    const run = await deliverPending({ deadlineMs: 20_000 });
    expect(run).toMatchObject({ batches: 3, sent: 250, failed: 0, pending: 0, nextDueInMs: null });

    const requests = batchRequests();
    expect(requests).toHaveLength(3);
    expect(requests.map((r) => r.emails.length)).toEqual([100, 100, 50]);
    expect(requests.every((r) => r.status === 200)).toBe(true);
    expect(requests.every((r) => r.headers["x-batch-validation"] === "permissive")).toBe(true);
    const keys = requests.map((r) => r.idempotencyKey);
    expect(
      keys.every((k) => typeof k === "string" && k.startsWith(`panel-message-${message.id}-`)),
    ).toBe(true);
    expect(new Set(keys).size).toBe(3);
    // Paced at 4 requests a second: the n-th request may not leave before its slot, n quarter
    // seconds after the first, which was taken no earlier than the start. So it reaches the
    // provider at least n × 250 ms after the start, however long a busy machine keeps any
    // request on its way (unpaced, all three would arrive within milliseconds). Gaps between
    // arrivals are no such bound: a late first arrival shortens the next gap.
    for (let i = 0; i < requests.length; i++) {
      expect(requests[i].at - startedAt).toBeGreaterThanOrEqual(i * 250 - 5);
    }

    expectEachOnce(verified);
    for (const address of unverified) {
      expect(fake.delivered.some((m) => m.to.includes(address))).toBe(false);
    }

    const members = await membersByEmail();
    for (const mail of fake.delivered) {
      const member = members.get(mail.to[0])!;
      const links = stopLinks(member);
      expect(mail.subject).toBe("Nieuw onderzoek");
      expect(mail.from).toBe("Onderzoekspanel <panel@example.org>");
      expect(linksIn(mail.html!)).toContain(links.page);
      expect(mail.text).toContain(links.page);
      expect(mail.headers).toEqual({
        "List-Unsubscribe": `<${links.oneClick}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      });
      // The body's image on the site's address, its link untouched, nothing else added.
      expect(imageSources(mail.html!)).toEqual([
        `http://localhost:3000/api/editor_image/${IMAGE_ID}`,
      ]);
      expect(linksIn(mail.html!)).toEqual(["https://example.org/lees", links.page]);
      expect(mail.html).toContain(
        member.locale === "en" ? "Stop participating" : "Deelname stoppen",
      );
      expect(mail.html).toContain(`<html lang="${member.locale}">`);
    }

    const deliveries = await deliveriesOf(message.id);
    expect(deliveries.every((d) => d.status === "sent" && d.sentAt instanceof Date)).toBe(true);
    expect(new Set(deliveries.map((d) => d.providerId))).toEqual(
      new Set(fake.delivered.map((m) => m.id)),
    );
    const batches = await batchesOf(message.id);
    expect(batches.map((b) => [b.status, b.payload, b.attempts])).toEqual([
      ["sent", null, 1],
      ["sent", null, 1],
      ["sent", null, 1],
    ]);
    const row = await messageRow(message.id);
    expect(row).toMatchObject({
      communicationStatus: "sent",
      recipientsTotal: 250,
      deliveredCount: 250,
      failedCount: 0,
    });
    expect(row.sentAt).toBeInstanceOf(Date);
  });

  it("starts a message whose time comes during a long send at its time, in the same run", async () => {
    await insertMembers(600);
    await queuedDraft("Eerste");
    const later = await draft(admin, { subject: "Tweede", body: BODY_WITH_IMAGE });
    // Due a second after the run starts, while the first message's six batches take three
    // (straight in the database: the API wants a later time).
    const db = await getDb();
    await db.execute(sql`
      update panel_messages set communication_status = 'scheduled',
        scheduled_for = now() + interval '1 second'
      where id = ${later.id}`);

    const run = await deliverPending({ deadlineMs: 30_000, ratePerSecond: 2, dueCheckMs: 0 });
    expect((await messageRow(later.id)).communicationStatus).toBe("sent");
    expect(run).toMatchObject({ batches: 12, sent: 1200, pending: 0 });
  });

  it("fails only the delivery whose address the provider refuses; the other 99 are sent with their own ids", async () => {
    const members = await insertMembers(100);
    const refused = members[41];
    fake.configure({ invalidAddresses: [refused] });
    const message = await queuedDraft();

    const run = await deliverPending({ deadlineMs: 10_000 });
    expect(run).toMatchObject({ batches: 1, sent: 99, failed: 1, pending: 0 });
    expect(batchRequests()).toHaveLength(1);
    expectEachOnce(members.filter((m) => m !== refused));

    const byMember = await membersByEmail();
    const deliveries = await deliveriesOf(message.id);
    const idsByAddress = new Map(fake.delivered.map((m) => [m.to[0], m.id]));
    for (const d of deliveries) {
      const email = [...byMember.values()].find((m) => m.id === d.panelUserId)!.email;
      if (email === refused) {
        expect(d).toMatchObject({ status: "failed", providerId: null });
        expect(d.lastError).toBe("Invalid `to` field: [address] is not a valid email address.");
      } else {
        expect(d).toMatchObject({ status: "sent", providerId: idsByAddress.get(email) });
      }
    }
    expect(await messageRow(message.id)).toMatchObject({
      communicationStatus: "sent",
      deliveredCount: 99,
      failedCount: 1,
    });
    const detail = await messageDetail(message.id);
    expect(detail.failure_reasons).toEqual([
      { reason: "Invalid `to` field: [address] is not a valid email address.", count: 1 },
    ]);
    expect(await placesHolding(refused)).toEqual(["panel_users.email"]);
  });

  it("honours a 429 with Retry-After and mails every member once", async () => {
    const members = await insertMembers(150);
    await queuedDraft();
    fake.failNext({ status: 429, retryAfter: "1", headers: { "ratelimit-reset": "1" } });

    const run = await deliverPending({ deadlineMs: 15_000 });
    expect(run).toMatchObject({ sent: 150, failed: 0, pending: 0 });
    const requests = batchRequests();
    expect(requests.map((r) => r.status)).toEqual([429, 200, 200]);
    // No request before the provider's Retry-After, from any batch.
    expect(requests[1].at - requests[0].at).toBeGreaterThanOrEqual(990);
    // The limited batch went again, as recorded, with its key.
    const retried = requests.find(
      (r, i) => i > 0 && r.idempotencyKey === requests[0].idempotencyKey,
    )!;
    expect(retried.bodyHash).toBe(requests[0].bodyHash);
    expectEachOnce(members);
    // A rate limit is no failed attempt.
    const db = await getDb();
    const batches = await db.select().from(panelMessageBatches);
    expect(batches.every((b) => b.attempts === 1 && b.status === "sent")).toBe(true);
  });

  it("makes a rate-limited batch due exactly when the pause it caused ends", async () => {
    // Due any later, the next batch (sent at the pause's end) would find it not yet due and the
    // run would stop short with work left that was due a moment later.
    await insertMembers(150);
    await queuedDraft();
    fake.failNext({ status: 429, retryAfter: "5", headers: { "ratelimit-reset": "5" } });
    const run = await deliverPending({ deadlineMs: 1_000 });
    expect(run).toMatchObject({ sent: 0, pending: 150 });
    const db = await getDb();
    const [budget] = await db.select().from(mailSendBudget);
    const limited = (await db.select().from(panelMessageBatches)).filter(
      (b) => b.status === "pending",
    );
    expect(limited.length).toBeGreaterThan(0);
    const first = batchRequests()[0];
    const retried = limited.find((b) => b.idempotencyKey === first.idempotencyKey)!;
    expect(retried.nextAttemptAt.getTime()).toBe(budget.nextSlot.getTime());
  });

  it("keeps to the provider's request rate limit when it is lower than configured", async () => {
    fake.configure({ requestsPerSecond: 2 });
    const members = await insertMembers(500);
    const message = await queuedDraft();
    await waitFor(
      async () => (await deliverPending({ deadlineMs: 10_000 })).pending === 0,
      20_000,
      "delivery under the provider's rate limit",
    );
    const statuses = batchRequests().map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
    expectEachOnce(members);
    expect(await messageRow(message.id)).toMatchObject({
      communicationStatus: "sent",
      deliveredCount: 500,
      failedCount: 0,
    });
  });

  it("retries a batch the provider failed (500, then a dropped connection) with the same key and payload, delivered once", async () => {
    const members = await insertMembers(100);
    const message = await queuedDraft();
    fake.failNext({ status: 500 });
    fake.failNext({ status: 502, dropConnection: true });

    let run = await deliverPending({ deadlineMs: 5_000 });
    expect(run).toMatchObject({ batches: 1, sent: 0, failed: 0, pending: 100 });
    expect(run.nextDueInMs).toBeGreaterThan(1000);
    expect(fake.delivered).toHaveLength(0);
    let [batch] = await batchesOf(message.id);
    expect(batch).toMatchObject({ status: "pending", attempts: 1, lockedUntil: null });
    expect(batch.payload).not.toBeNull();
    expect((await deliveriesOf(message.id)).every((d) => d.status === "pending")).toBe(true);

    await makeRetriesDue();
    run = await deliverPending({ deadlineMs: 5_000 });
    expect(run).toMatchObject({ batches: 1, sent: 0, pending: 100 });
    await makeRetriesDue();
    run = await deliverPending({ deadlineMs: 5_000 });
    expect(run).toMatchObject({ batches: 1, sent: 100, pending: 0 });

    const requests = batchRequests();
    expect(requests).toHaveLength(3);
    expect(new Set(requests.map((r) => r.idempotencyKey)).size).toBe(1);
    expect(new Set(requests.map((r) => r.bodyHash)).size).toBe(1);
    expectEachOnce(members);
    [batch] = await batchesOf(message.id);
    expect(batch).toMatchObject({ status: "sent", attempts: 3, payload: null });
    expect((await deliveriesOf(message.id)).every((d) => d.attempts === 3)).toBe(true);
  });

  it("gives a batch up as failed, with the reason, after the bounded number of attempts", async () => {
    await insertMembers(10);
    const message = await queuedDraft();
    fake.failNext({ status: 503 }, 10);
    for (let i = 0; i < 10; i++) {
      await makeRetriesDue();
      await deliverPending({ deadlineMs: 5_000 });
    }
    expect(batchRequests()).toHaveLength(10);
    expect(fake.delivered).toHaveLength(0);
    const [batch] = await batchesOf(message.id);
    expect(batch).toMatchObject({
      status: "failed",
      attempts: 10,
      payload: null,
      outcome: "The provider failed (503); gave up after 10 attempts",
    });
    expect(await messageRow(message.id)).toMatchObject({
      communicationStatus: "sent",
      deliveredCount: 0,
      failedCount: 10,
    });
    expect((await messageDetail(message.id)).failure_reasons).toEqual([
      { reason: "The provider failed (503); gave up after 10 attempts", count: 10 },
    ]);
  });

  it("asks again later when the provider is still handling the same key (409), never failing the batch", async () => {
    const members = await insertMembers(100);
    const message = await queuedDraft();
    const batch = await claimBatch();
    expect((await messageRow(message.id)).communicationStatus).toBe("sending");

    // The first sender's request is still in progress at the provider when its lease runs
    // out and a second sender takes the recorded batch.
    const held = fake.holdNext();
    const first = callProvider(batch, getMailTransport());
    await held.arrived;
    await expireLeases();
    const run = await deliverPending({ deadlineMs: 3_000 });
    expect(run).toMatchObject({ batches: 1, sent: 0, failed: 0, pending: 100 });
    expect(batchRequests().map((r) => [r.status, r.errorName])).toEqual([
      [0, undefined],
      [409, "concurrent_idempotent_requests"],
    ]);
    let [row] = await batchesOf(message.id);
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    expect((await deliveriesOf(message.id)).every((d) => d.status === "pending")).toBe(true);

    held.release();
    await recordOutcome(batch, await first);
    expectEachOnce(members);
    [row] = await batchesOf(message.id);
    expect(row).toMatchObject({ status: "sent", payload: null });
    // The later retry finds nothing left to do.
    await makeRetriesDue();
    expect(await deliverPending({ deadlineMs: 2_000 })).toMatchObject({ batches: 0, pending: 0 });
    expect(batchRequests()).toHaveLength(2);
    expect(await messageRow(message.id)).toMatchObject({
      communicationStatus: "sent",
      deliveredCount: 100,
      failedCount: 0,
    });
  });

  it("resends a batch whose sender stopped after the provider call with the same key: one mail per member", async () => {
    const members = await insertMembers(100);
    const message = await queuedDraft();
    // A sender records and sends, then dies before writing anything.
    const batch = await claimBatch();
    const outcome = await callProvider(batch, getMailTransport());
    expect(outcome.kind).toBe("accepted");
    expect(fake.delivered).toHaveLength(100);
    const firstIds = new Map(fake.delivered.map((m) => [m.to[0], m.id]));

    // Its lease runs out; the next run takes the recorded batch.
    expect(await deliverPending({ deadlineMs: 2_000 })).toMatchObject({ batches: 0, pending: 100 });
    await expireLeases();
    const run = await deliverPending({ deadlineMs: 5_000 });
    expect(run).toMatchObject({ batches: 1, sent: 100, pending: 0 });

    const requests = batchRequests();
    expect(requests).toHaveLength(2);
    expect(requests[1]).toMatchObject({
      idempotencyKey: requests[0].idempotencyKey,
      bodyHash: requests[0].bodyHash,
      status: 200,
      replayed: true,
    });
    expectEachOnce(members);
    const byId = new Map([...(await membersByEmail()).values()].map((m) => [m.id, m.email]));
    for (const d of await deliveriesOf(message.id)) {
      expect(d.providerId).toBe(firstIds.get(byId.get(d.panelUserId!)!));
    }
  });

  it("fails a batch whose resent content differs from the first request (409), loudly", async () => {
    await insertMembers(5);
    const message = await queuedDraft();
    const batch = await claimBatch();
    await callProvider(batch, getMailTransport());
    // A fault that changes the recorded content between the attempts.
    const db = await getDb();
    await db
      .update(panelMessageBatches)
      .set({ payload: encodePayload(batch.messages.map((m) => ({ ...m, subject: "Anders" }))) })
      .where(eq(panelMessageBatches.id, batch.id));
    await expireLeases();
    logged.length = 0;
    const run = await deliverPending({ deadlineMs: 5_000 });
    expect(run).toMatchObject({ batches: 1, sent: 0, failed: 5, pending: 0 });
    expect(batchRequests().at(-1)).toMatchObject({
      status: 409,
      errorName: "invalid_idempotent_request",
    });
    const [row] = await batchesOf(message.id);
    expect(row).toMatchObject({
      status: "failed",
      outcome: INVALID_IDEMPOTENT_REQUEST,
      payload: null,
    });
    expect(logged.some((l) => l.includes('"level":"error"') && l.includes("critical"))).toBe(true);
    expect(fake.delivered).toHaveLength(5);
  });

  it("never resends a batch whose outcome is still unknown after 24 hours", async () => {
    await insertMembers(20);
    const message = await queuedDraft();
    fake.failNext({ status: 500 });
    await deliverPending({ deadlineMs: 5_000 });
    const db = await getDb();
    await db.execute(sql`
      update panel_message_batches
      set created_at = now() - interval '25 hours', next_attempt_at = now()`);
    const run = await deliverPending({ deadlineMs: 5_000 });
    expect(run).toMatchObject({ batches: 0, failed: 20, pending: 0 });
    expect(batchRequests()).toHaveLength(1);
    const [row] = await batchesOf(message.id);
    expect(row).toMatchObject({ status: "failed", outcome: UNKNOWN_AFTER_WINDOW, payload: null });
    expect(await messageRow(message.id)).toMatchObject({
      communicationStatus: "sent",
      failedCount: 20,
    });
  });

  it("mails nobody who left before their batch was recorded, and keeps no trace of them", async () => {
    const stayers = await insertMembers(8);
    const early = await insertMember("left.early@example.org");
    const late = await insertMember("left.late@example.org", "en");
    await removePanelUser(early.id);
    const message = await queuedDraft();
    expect((await messageRow(message.id)).recipientsTotal).toBe(9);
    await removePanelUser(late.id);

    const run = await deliverPending({ deadlineMs: 5_000 });
    expect(run).toMatchObject({ sent: 8, failed: 1, pending: 0 });
    expectEachOnce(stayers);
    expect(await messageRow(message.id)).toMatchObject({
      communicationStatus: "sent",
      deliveredCount: 8,
      failedCount: 1,
    });
    expect((await messageDetail(message.id)).failure_reasons).toEqual([
      { reason: MEMBER_LEFT, count: 1 },
    ]);
    // Recorded content is erased once the outcome is known: nothing of either is kept.
    expect((await batchesOf(message.id)).every((b) => b.payload === null)).toBe(true);
    for (const address of ["left.early@example.org", "left.late@example.org"]) {
      expect(await placesHolding(address)).toEqual([]);
    }
  });

  it("keeps nothing of a member who leaves after delivery, and no address in any log line", async () => {
    const [member] = await insertMembers(1, { tag: "trace-after-send" });
    await queuedDraft();
    await deliverPending({ deadlineMs: 5_000 });
    const db = await getDb();
    const [row] = await db.select().from(panelUsers).where(eq(panelUsers.email, member));
    expect(await placesHolding(member)).toEqual(["panel_users.email"]);
    await removePanelUser(row.id);
    expect(await placesHolding(member)).toEqual([]);
    expect(
      await db
        .select()
        .from(panelMessageBatches)
        .where(inArray(panelMessageBatches.status, ["pending"])),
    ).toEqual([]);
    expect(logged.filter((l) => l.includes("@example.org"))).toEqual([]);
  });
});

describe("a send with nobody to send to", () => {
  it("is refused with code 22 when no member is verified, and changes nothing", async () => {
    await insertMembers(3, { verified: false });
    const message = await draft(admin, { subject: "Niemand" });
    const res = await call(sendRoute, {
      path: `/api/panel_message/${message.id}/send`,
      params: { id: String(message.id) },
      body: {},
      cookie: admin,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: {
        code: 22,
        message: "No panel member has verified their email address yet: there is nobody to send to",
      },
    });
    expect(await messageRow(message.id)).toMatchObject({
      communicationStatus: "not_sent",
      recipientsTotal: 0,
    });
    expect(await deliveriesOf(message.id)).toEqual([]);
    expect(fake.requests).toEqual([]);
  });
});

describe("the fake provider's batch validation", () => {
  it("refuses a whole strict batch for one invalid address, and lists it by index when permissive", async () => {
    fake.configure({ invalidAddresses: ["nope@example.org"] });
    const resend = new Resend(fake.apiKey, { baseUrl: fake.url });
    const mails = ["a@example.org", "nope@example.org", "c@example.org"].map((to) => ({
      from: "x@example.org",
      to: [to],
      subject: "s",
      text: "t",
    }));
    const strict = await resend.batch.send(mails);
    expect(strict.error).toMatchObject({ statusCode: 422, name: "validation_error" });
    expect(fake.delivered).toHaveLength(0);

    const permissive = await resend.batch.send(mails, { batchValidation: "permissive" });
    expect(permissive.error).toBeNull();
    expect(permissive.data?.data).toHaveLength(2);
    expect(permissive.data?.errors).toEqual([
      { index: 1, message: "Invalid `to` field: nope@example.org is not a valid email address." },
    ]);
    expect(fake.delivered.map((m) => m.to[0])).toEqual(["a@example.org", "c@example.org"]);
    expect(permissive.headers?.["ratelimit-limit"]).toBe("5");
  });
});
