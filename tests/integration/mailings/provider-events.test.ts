import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { POST as sendRoute } from "@/app/api/panel_message/[id]/send/route";
import { getDb } from "@/db/client";
import { auditLog, mailProviderEvents, panelMessages, panelUsers } from "@/db/schema";
import { clearMemoryOutbox, memoryOutbox } from "@/lib/mail/transports/memory";
import { POST as webhookRoute } from "@/app/api/webhooks/resend/route";
import { call } from "../../support/http";
import { insertMember, memberByEmail } from "../../support/panel";
import {
  bounce,
  complaint,
  postEvent,
  providerEvent,
  suppressed,
  svixHeaders,
} from "../../support/provider-events";
import { snapshotTables } from "../../support/robustness/snapshot";
import { staffWithSession } from "../../support/staff";
import {
  auditRowsOf,
  deliveriesOf,
  deliveryDone,
  draft,
  getMessage,
  insertMembers,
  messageRow,
  waitFor,
} from "../../support/mailings";

let admin: string;

beforeAll(async () => {
  admin = (await staffWithSession({ admin: true })).cookie;
});
beforeEach(() => clearMemoryOutbox());
afterEach(() => waitFor(deliveryDone, 20_000, "deliveries to finish"));

function send(id: number) {
  return call(sendRoute, {
    path: `/api/panel_message/${id}/send`,
    params: { id: String(id) },
    body: {},
    cookie: admin,
  });
}

async function sentMessage(subject: string) {
  const message = await draft(admin, { subject });
  expect((await send(message.id)).status).toBe(200);
  await waitFor(async () => (await messageRow(message.id)).communicationStatus === "sent");
  return message;
}

describe("a permanent bounce", () => {
  it("marks the member bounced with the provider's sub-type only, and the next message leaves them out", async () => {
    const [address, other] = await insertMembers(2, { tag: "bounce-next" });
    const res = await postEvent(bounce(address, { subType: "General" }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    const member = (await memberByEmail(address))!;
    expect(member).toMatchObject({ deliveryStatus: "bounced", bounceKind: "General" });
    // The provider's message quotes the address: nothing of it is kept.
    const db = await getDb();
    const dump = JSON.stringify(
      await db.select().from(panelUsers).where(eq(panelUsers.id, member.id)),
    );
    expect(dump).not.toContain("permanently rejected");

    const recipients = (
      await db
        .select({ id: panelUsers.id })
        .from(panelUsers)
        .where(and(eq(panelUsers.isVerified, true), eq(panelUsers.deliveryStatus, "ok")))
    ).length;
    const message = await draft(admin, { subject: "Na de bounce" });
    expect((await getMessage(admin, message.id)).body.recipients_estimate).toBe(recipients);
    const queued = await send(message.id);
    expect(queued.body.recipients_total).toBe(recipients);
    const deliveries = await deliveriesOf(message.id);
    expect(deliveries.map((d) => d.panelUserId)).not.toContain(member.id);
    await waitFor(async () => (await messageRow(message.id)).communicationStatus === "sent");
    expect(memoryOutbox().filter((m) => m.to === address)).toEqual([]);
    expect(memoryOutbox().filter((m) => m.to === other)).toHaveLength(1);
  });

  it("counts once on the message its mail belonged to, however often it is reported", async () => {
    const [address] = await insertMembers(1, { tag: "bounce-count" });
    const message = await sentMessage("Teller");
    const member = (await memberByEmail(address))!;
    const own = (await deliveriesOf(message.id)).find((d) => d.panelUserId === member.id)!;
    expect(own.providerId).toBeTruthy();

    expect((await postEvent(bounce(address, { emailId: own.providerId! }))).status).toBe(200);
    expect((await postEvent(suppressed(address, own.providerId!))).status).toBe(200);
    expect(await messageRow(message.id)).toMatchObject({ bouncedCount: 1 });
    const detail = await getMessage(admin, message.id);
    expect(detail.body.bounced_count).toBe(1);
    // Accepted by the provider it was, and stays counted so.
    expect(detail.body.delivered_count).toBe((await messageRow(message.id)).deliveredCount);
  });

  it("twenty concurrent copies of one event change the member and the message once", async () => {
    const [address] = await insertMembers(1, { tag: "bounce-twenty" });
    const message = await sentMessage("Twintig");
    const member = (await memberByEmail(address))!;
    const own = (await deliveriesOf(message.id)).find((d) => d.panelUserId === member.id)!;
    const event = bounce(address, { emailId: own.providerId!, subType: "Suppressed" });
    const body = JSON.stringify(event);
    const headers = svixHeaders(body, { id: "msg_twenty_copies" });
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(webhookRoute, { path: "/api/webhooks/resend", rawBody: body, origin: null, headers }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(await messageRow(message.id)).toMatchObject({ bouncedCount: 1 });
    expect(await memberByEmail(address)).toMatchObject({
      deliveryStatus: "bounced",
      bounceKind: "Suppressed",
    });
    const db = await getDb();
    const ids = await db
      .select()
      .from(mailProviderEvents)
      .where(eq(mailProviderEvents.id, "msg_twenty_copies"));
    expect(ids).toHaveLength(1);
    const audit = await auditRowsOf("member_suppressed", member.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: null,
      actorEmail: null,
      targetType: "panel_member",
      details: { reported_as: "bounce" },
    });
  });

  it("a transient bounce changes nothing", async () => {
    const [address] = await insertMembers(1, { tag: "bounce-transient" });
    expect((await postEvent(bounce(address, { type: "Transient" }))).status).toBe(200);
    expect(await memberByEmail(address)).toMatchObject({ deliveryStatus: "ok", bounceKind: null });
  });

  it("a suppression marks the member like a bounce; a sub-type that is not a word becomes unknown", async () => {
    const [a, b] = await insertMembers(2, { tag: "suppressed" });
    expect((await postEvent(suppressed(a))).status).toBe(200);
    expect(await memberByEmail(a)).toMatchObject({
      deliveryStatus: "bounced",
      bounceKind: "OnAccountSuppressionList",
    });
    const event = bounce(b, { subType: `Rejected: mail to ${b} refused` });
    expect((await postEvent(event)).status).toBe(200);
    expect(await memberByEmail(b)).toMatchObject({
      deliveryStatus: "bounced",
      bounceKind: "unknown",
    });
  });
});

describe("a spam complaint", () => {
  it("removes the member exactly as leaving does", async () => {
    const [address] = await insertMembers(1, { tag: "complaint" });
    const message = await sentMessage("Klacht");
    const member = (await memberByEmail(address))!;
    expect((await postEvent(complaint(address.toUpperCase()))).status).toBe(200);
    expect(await memberByEmail(address)).toBeUndefined();
    // The member's own act: nothing in the audit log, neither as removal nor otherwise.
    const db = await getDb();
    const rows = await db.select().from(auditLog).where(eq(auditLog.targetId, member.id));
    expect(rows.filter((r) => r.targetType === "panel_member")).toEqual([]);
    // The message keeps its counts; the delivery no longer names the person.
    const deliveries = await deliveriesOf(message.id);
    expect(deliveries.some((d) => d.panelUserId === member.id)).toBe(false);
    expect((await messageRow(message.id)).deliveredCount).toBe(deliveries.length);
  });
});

describe("events the panel does not act on", () => {
  it("an unknown address, another event type or another member's id are accepted and dropped", async () => {
    // Every table but the one of handled event ids.
    const members = async () => {
      const { mail_provider_events: _ids, ...rest } = await snapshotTables();
      return rest;
    };
    const before = await members();
    for (const event of [
      bounce("nobody-here@example.org"),
      complaint("nobody-here@example.org"),
      providerEvent("email.delivered", { to: ["nobody-here@example.org"] }),
      { type: "domain.updated", data: { id: "d1" } },
    ]) {
      const res = await postEvent(event);
      expect(res.status).toBe(200);
    }
    expect(await members()).toEqual(before);
  });

  it("a handled event type without the fields it needs is 400 code 22 and is not recorded", async () => {
    const event = { type: "email.bounced", data: { to: "not-a-list" } };
    const res = await postEvent(event, { id: "msg_malformed" });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(22);
    const db = await getDb();
    expect(
      await db.select().from(mailProviderEvents).where(eq(mailProviderEvents.id, "msg_malformed")),
    ).toEqual([]);
  });
});

describe("signatures", () => {
  it("a wrong signature, an old or future timestamp, a wrong secret or missing headers: 401 code 31, nothing changes", async () => {
    const [address] = await insertMembers(1, { tag: "unsigned" });
    const event = bounce(address);
    const body = JSON.stringify(event);
    const now = Math.floor(Date.now() / 1000);
    const good = svixHeaders(body);
    const cases: Record<string, string>[] = [
      { ...good, "svix-signature": "v1,AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=" },
      { ...good, "svix-signature": good["svix-signature"].replace("v1,", "v2,") },
      svixHeaders(body, { timestamp: now - 6 * 60 }),
      svixHeaders(body, { timestamp: now + 6 * 60 }),
      svixHeaders(body, { secret: `whsec_${Buffer.alloc(24, 1).toString("base64")}` }),
      { ...good, "svix-id": "msg_another_id" },
      { "content-type": "application/json" },
      { ...good, "svix-timestamp": "yesterday" },
    ];
    const before = await snapshotTables();
    for (const headers of cases) {
      const res = await postEvent(event, { headers });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        error: { code: 31, message: "The webhook signature is missing, wrong or too old" },
      });
    }
    // The body changed after signing.
    const tampered = await call(webhookRoute, {
      path: "/api/webhooks/resend",
      rawBody: body.replace("Permanent", "Permanent "),
      origin: null,
      headers: good,
    });
    expect(tampered.status).toBe(401);
    expect(await snapshotTables()).toEqual(before);
    expect(await memberByEmail(address)).toMatchObject({ deliveryStatus: "ok" });
  });

  it("a replayed id changes nothing, even for a member who came back since", async () => {
    const address = "replayed-complaint@example.org";
    await insertMember({ email: address, isVerified: true });
    const event = complaint(address);
    expect((await postEvent(event, { id: "msg_replayed" })).status).toBe(200);
    expect(await memberByEmail(address)).toBeUndefined();
    await insertMember({ email: address, isVerified: true });
    // Signed again now (as a replay from the provider's dashboard is), with the same id.
    const replay = await postEvent(event, { id: "msg_replayed" });
    expect(replay.status).toBe(200);
    expect(await memberByEmail(address)).toBeDefined();
  });

  it("is public and cross-origin: no session and no Origin needed, another origin is no refusal", async () => {
    const [address] = await insertMembers(1, { tag: "cross-origin" });
    const body = JSON.stringify(bounce(address));
    const res = await call(webhookRoute, {
      path: "/api/webhooks/resend",
      rawBody: body,
      origin: "https://api.resend.example",
      headers: svixHeaders(body),
    });
    expect(res.status).toBe(200);
    expect(await memberByEmail(address)).toMatchObject({ deliveryStatus: "bounced" });
  });
});

describe("recipient counts", () => {
  it("bounced members are not counted as recipients", async () => {
    const db = await getDb();
    const [address] = await insertMembers(1, { tag: "estimate" });
    const message = await draft(admin, { subject: "Schatting" });
    const before = (await getMessage(admin, message.id)).body.recipients_estimate!;
    await postEvent(bounce(address));
    expect((await getMessage(admin, message.id)).body.recipients_estimate).toBe(before - 1);
    await db.delete(panelMessages).where(eq(panelMessages.id, message.id));
  });
});
