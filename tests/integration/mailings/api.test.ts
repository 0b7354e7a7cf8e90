import { eq } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  DELETE as deleteRoute,
  GET as itemRoute,
  PUT as updateRoute,
} from "@/app/api/panel_message/[id]/route";
import { POST as sendRoute } from "@/app/api/panel_message/[id]/send/route";
import { POST as testRoute } from "@/app/api/panel_message/[id]/test/route";
import { GET as listRoute, POST as createRoute } from "@/app/api/panel_message/route";
import { getDb } from "@/db/client";
import { panelMessageDeliveries, panelMessages, panelUsers } from "@/db/schema";
import { clearMemoryOutbox, memoryOutbox } from "@/lib/mail/transports/memory";
import type { PanelMessageDto, PanelMessageList } from "@/lib/mailings/schemas.shared";
import { call } from "../../support/http";
import { staffWithSession } from "../../support/staff";
import {
  BODY_WITH_IMAGE,
  IMAGE_ID,
  deliveriesOf,
  deliveryDone,
  draft,
  getMessage,
  imageSources,
  insertMembers,
  linksIn,
  messageRow,
  waitFor,
} from "../../support/mailings";
import { stopClock } from "../../support/clock";

let admin: { cookie: string; email: string };
let staff: { cookie: string; email: string; id: number };

beforeAll(async () => {
  const a = await staffWithSession({ admin: true });
  admin = { cookie: a.cookie, email: a.user.email };
  const s = await staffWithSession({ email: "staff.member@example.org" });
  staff = { cookie: s.cookie, email: s.user.email, id: s.user.id };
});
beforeEach(() => clearMemoryOutbox());
// A send starts delivering in the background; it must not write into the next test's outbox.
afterEach(() => waitFor(deliveryDone, 20_000, "deliveries to finish"));

const at = (id: number | string, suffix = "") => ({
  path: `/api/panel_message/${id}${suffix}`,
  params: { id: String(id) },
});

function put(id: number | string, body: unknown, cookie = staff.cookie) {
  return call(updateRoute, { ...at(id), method: "PUT", body, cookie });
}
function send(id: number | string, cookie = admin.cookie) {
  return call(sendRoute, { ...at(id, "/send"), method: "POST", body: {}, cookie });
}
function sendTest(id: number | string, o: { cookie?: string; locale?: string } = {}) {
  const cookie = [o.cookie ?? staff.cookie, o.locale ? `NEXT_LOCALE=${o.locale}` : ""]
    .filter(Boolean)
    .join("; ");
  return call(testRoute, { ...at(id, "/test"), method: "POST", body: {}, cookie });
}
function remove(id: number | string, cookie = staff.cookie) {
  return call(deleteRoute, { ...at(id), method: "DELETE", cookie });
}

describe("creating, reading and listing panel messages", () => {
  it("creates a draft with the default subject and lists messages newest first", async () => {
    const created = await call<PanelMessageDto>(createRoute, {
      path: "/api/panel_message",
      body: {},
      cookie: staff.cookie,
    });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      id: expect.any(Number),
      subject: "new message",
      body: "",
      communication_status: "not_sent",
      sent_at: null,
      created_at: expect.any(Number),
      recipients_total: 0,
      delivered_count: 0,
      failed_count: 0,
      bounced_count: 0,
      scheduled_for: null,
      failure_reason: null,
      version: 1,
    });
    expect(Math.abs(created.body.created_at - Date.now() / 1000)).toBeLessThan(60);

    const db = await getDb();
    await db
      .update(panelMessages)
      .set({ createdAt: new Date(Date.now() - 86_400_000) })
      .where(eq(panelMessages.id, created.body.id));
    const named = await call<PanelMessageDto>(createRoute, {
      path: "/api/panel_message",
      body: { subject: "  Nieuw onderzoek  " },
      cookie: staff.cookie,
    });
    expect(named.body.subject).toBe("Nieuw onderzoek");

    const list = await call<PanelMessageList>(listRoute, {
      path: "/api/panel_message",
      cookie: staff.cookie,
    });
    expect(list.status).toBe(200);
    const ids = list.body.items.map((m) => m.id);
    expect(ids.indexOf(named.body.id)).toBeLessThan(ids.indexOf(created.body.id));
    expect(list.body.items.find((m) => m.id === created.body.id)).toMatchObject({
      subject: "new message",
      communication_status: "not_sent",
    });
  });

  it("refuses a blank, too long or multi-line subject with code 22 and creates nothing", async () => {
    const db = await getDb();
    const before = (await db.select().from(panelMessages)).length;
    const controls = ["Nieuws\r\nBcc: iedereen@example.org", "a\tb", "a\u0000b", "a\u0085b"];
    const bidi = ["Nieuws \u202Egnp.exe", "a\u2066b"];
    for (const subject of ["   ", "x".repeat(201), 42, ...controls, ...bidi]) {
      const res = await call(createRoute, {
        path: "/api/panel_message",
        body: { subject },
        cookie: staff.cookie,
      });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe(22);
      expect(res.body.error.fields).toHaveProperty("subject");
    }
    expect((await db.select().from(panelMessages)).length).toBe(before);
  });

  it("answers one message with the verified members as estimate while it is a draft", async () => {
    await insertMembers(3);
    await insertMembers(2, { verified: false });
    const message = await draft(staff.cookie, { subject: "Schatting" });
    const db = await getDb();
    const verified = (await db.select().from(panelUsers).where(eq(panelUsers.isVerified, true)))
      .length;
    const res = await getMessage(staff.cookie, message.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: message.id, subject: "Schatting" });
    expect(res.body.recipients_estimate).toBe(verified);
    expect(res.body).not.toHaveProperty("failure_reasons");
  });

  it("answers 404 code 14 for an unknown id and 400 code 22 for a malformed one", async () => {
    const unknown = await call(itemRoute, { ...at(999_999), cookie: staff.cookie });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe(14);
    for (const id of ["abc", "1e3", "0", "99999999999"]) {
      const res = await call(itemRoute, { ...at(id), cookie: staff.cookie });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe(22);
    }
    expect((await put(999_999, { subject: "x" })).status).toBe(404);
    expect((await remove(999_999)).status).toBe(404);
    expect((await send(999_999)).status).toBe(404);
    expect((await sendTest(999_999)).status).toBe(404);
  });
});

describe("PUT /api/panel_message/{id}", () => {
  it("refuses a subject with a line break and keeps the stored one", async () => {
    const message = await draft(staff.cookie, { subject: "Blijft" });
    const res = await put(message.id, { subject: "Blijft\nX-Injected: ja" });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(22);
    expect(res.body.error.fields.subject).toContain("control characters");
    expect(await messageRow(message.id)).toMatchObject({ subject: "Blijft" });
  });

  it("changes only the fields sent and sanitises the body", async () => {
    const message = await draft(staff.cookie, { subject: "Eerst", body: "<p>Eerst</p>" });
    const body = await put(message.id, {
      body: '<p onclick="x()">Hallo<script>alert(1)</script></p>',
    });
    expect(body.status).toBe(200);
    expect(body.body.subject).toBe("Eerst");
    expect(body.body.body).toBe("<p>Hallo</p>");
    const subject = await put(message.id, { subject: " Tweede " });
    expect(subject.body).toMatchObject({ subject: "Tweede", body: "<p>Hallo</p>" });
    expect(await messageRow(message.id)).toMatchObject({ subject: "Tweede", body: "<p>Hallo</p>" });
  });

  it("answers the body sanitised also when the stored row was not", async () => {
    const message = await draft(staff.cookie, { subject: "Ruw" });
    const db = await getDb();
    await db
      .update(panelMessages)
      .set({
        body: '<p onmouseover="steal()">Hoi<img src=x onerror="steal()"></p><script>x</script>',
      })
      .where(eq(panelMessages.id, message.id));
    const res = await getMessage(staff.cookie, message.id);
    expect(res.status).toBe(200);
    expect(res.body.body).toMatch(/^<p>Hoi/);
    expect(res.body.body).not.toMatch(/on\w+=|script|src=/);
  });

  it("ignores the read-only fields of a whole message sent back", async () => {
    const message = await draft(staff.cookie, { subject: "Alleen lezen" });
    const before = await messageRow(message.id);
    const res = await put(message.id, {
      ...message,
      id: message.id + 1000,
      subject: "Nieuw onderwerp",
      communication_status: "sent",
      sent_at: 1_700_000_000,
      created_at: 1_600_000_000,
      recipients_total: 99,
      delivered_count: 98,
      failed_count: 1,
      unknown_field: "x",
    });
    expect(res.status).toBe(200);
    const after = await messageRow(message.id);
    expect(after).toMatchObject({
      id: message.id,
      subject: "Nieuw onderwerp",
      body: before.body,
      communicationStatus: "not_sent",
      sentAt: null,
      createdAt: before.createdAt,
      recipientsTotal: 0,
      deliveredCount: 0,
      failedCount: 0,
    });
    expect(res.body).toMatchObject({ id: message.id, communication_status: "not_sent" });
    expect((await deliveriesOf(message.id)).length).toBe(0);
  });

  it("refuses invalid fields with code 22 and changes nothing", async () => {
    const message = await draft(staff.cookie, { subject: "Geldig" });
    for (const payload of [
      { subject: "" },
      { subject: null },
      { body: 5 },
      { body: "x".repeat(100_001) },
    ]) {
      const res = await put(message.id, payload);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe(22);
    }
    expect(await messageRow(message.id)).toMatchObject({ subject: "Geldig" });
  });
});

describe("sending: POST /api/panel_message/{id}/send", () => {
  it("queues the message for every verified member and answers it with status queued", async () => {
    const message = await draft(staff.cookie, { subject: "Uitnodiging" });
    const db = await getDb();
    const verified = (await db.select().from(panelUsers).where(eq(panelUsers.isVerified, true)))
      .length;
    expect(verified).toBeGreaterThan(0);
    const res = await send(message.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: message.id,
      subject: "Uitnodiging",
      communication_status: "queued",
      sent_at: null,
      recipients_total: verified,
    });
    const deliveries = await deliveriesOf(message.id);
    expect(deliveries).toHaveLength(verified);
    expect(new Set(deliveries.map((d) => d.panelUserId)).size).toBe(verified);

    // Delivery starts without any scheduler: the memory transport receives every mail.
    await waitFor(async () => (await messageRow(message.id)).communicationStatus === "sent");
    const row = await messageRow(message.id);
    expect(row).toMatchObject({ deliveredCount: verified, failedCount: 0 });
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(memoryOutbox().filter((m) => m.subject === "Uitnodiging")).toHaveLength(verified);

    const detail = await getMessage(staff.cookie, message.id);
    expect(detail.body).toMatchObject({
      communication_status: "sent",
      delivered_count: verified,
      failure_reasons: [],
    });
    expect(detail.body.sent_at).toEqual(Math.floor(row.sentAt!.getTime() / 1000));
    expect(detail.body).not.toHaveProperty("recipients_estimate");
  });

  it("queues two sends of the same message at the same moment once (409 code 18)", async () => {
    const message = await draft(staff.cookie, { subject: "Dubbel" });
    const results = await Promise.all([send(message.id), send(message.id), send(message.id)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    for (const r of results.filter((x) => x.status === 409)) {
      expect(r.body).toEqual({
        error: { code: 18, message: "The panel message has already been sent" },
      });
    }
    const deliveries = await deliveriesOf(message.id);
    expect(new Set(deliveries.map((d) => d.panelUserId)).size).toBe(deliveries.length);
    expect((await messageRow(message.id)).recipientsTotal).toBe(deliveries.length);
  });

  it("is admin-only: other staff get 403 code 8 and nothing is queued", async () => {
    const message = await draft(staff.cookie, { subject: "Geen admin" });
    const res = await send(message.id, staff.cookie);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe(8);
    expect((await messageRow(message.id)).communicationStatus).toBe("not_sent");
    expect(await deliveriesOf(message.id)).toHaveLength(0);
  });

  it("refuses an empty subject or body with code 22 and leaves the draft as it was", async () => {
    for (const body of [
      "",
      "<p></p>",
      "<p>  </p><p><br></p>",
      "<p>&nbsp;</p>",
      "<script>x</script>",
    ]) {
      const message = await draft(staff.cookie, { subject: "Leeg", body });
      const res = await send(message.id);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe(22);
      expect(res.body.error.fields).toHaveProperty("body");
      expect((await messageRow(message.id)).communicationStatus).toBe("not_sent");
      expect(await deliveriesOf(message.id)).toHaveLength(0);
    }
    const db = await getDb();
    const message = await draft(staff.cookie, { subject: "Onderwerp" });
    await db.update(panelMessages).set({ subject: " " }).where(eq(panelMessages.id, message.id));
    const res = await send(message.id);
    expect(res.body.error).toMatchObject({ code: 22, fields: { subject: expect.any(String) } });

    // An image alone is a message.
    const image = await draft(staff.cookie, {
      subject: "Alleen een afbeelding",
      body: `<p><img src="/api/editor_image/${IMAGE_ID}"></p>`,
    });
    expect((await send(image.id)).status).toBe(200);
  });

  it("refuses to send, edit or delete a message once it is queued (codes 18, 16, 17)", async () => {
    const message = await draft(staff.cookie, { subject: "Eenmalig" });
    expect((await send(message.id)).status).toBe(200);
    const again = await send(message.id);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe(18);
    const edit = await put(message.id, { subject: "Anders" });
    expect(edit.status).toBe(409);
    expect(edit.body).toEqual({
      error: { code: 16, message: "Cannot update the panel message, it has already been sent" },
    });
    const del = await remove(message.id);
    expect(del.status).toBe(409);
    expect(del.body).toEqual({
      error: { code: 17, message: "Cannot delete the panel message, it has already been sent" },
    });
    await waitFor(async () => (await messageRow(message.id)).communicationStatus === "sent");
    expect((await put(message.id, { body: "<p>x</p>" })).body.error.code).toBe(16);
    expect((await remove(message.id)).body.error.code).toBe(17);
    expect((await send(message.id)).body.error.code).toBe(18);
    expect(await messageRow(message.id)).toMatchObject({ subject: "Eenmalig" });
  });
});

describe("DELETE /api/panel_message/{id}", () => {
  it("deletes a draft for any staff member", async () => {
    const message = await draft(staff.cookie);
    const res = await remove(message.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    const gone = await call(itemRoute, { ...at(message.id), cookie: staff.cookie });
    expect(gone.status).toBe(404);
  });
});

describe("test mail: POST /api/panel_message/{id}/test", () => {
  it("mails the draft to the signed-in staff member only, marked as a test, without a stop link", async () => {
    const message = await draft(staff.cookie, { subject: "Proef" });
    const db = await getDb();
    const deliveriesBefore = (await db.select().from(panelMessageDeliveries)).length;
    const res = await sendTest(message.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});

    const outbox = memoryOutbox();
    expect(outbox).toHaveLength(1);
    const mail = outbox[0];
    expect(mail.to).toBe(staff.email);
    expect(mail.subject).toBe("[test] Proef");
    expect(mail.html).toContain("Er is een nieuw onderzoek.");
    expect(mail.html).toContain("[Hier staat in de echte e-mail de persoonlijke stoplink");
    expect(mail.text).toContain("[Hier staat in de echte e-mail de persoonlijke stoplink");
    expect(mail.headers?.["List-Unsubscribe"]).toBeUndefined();
    for (const link of linksIn(mail.html)) {
      expect(link).not.toContain("stop_token");
      expect(link).not.toContain("/stop-participation");
    }
    expect(imageSources(mail.html)).toEqual([`http://localhost:3000/api/editor_image/${IMAGE_ID}`]);
    // No delivery rows and no change to the message.
    expect((await db.select().from(panelMessageDeliveries)).length).toBe(deliveriesBefore);
    expect(await messageRow(message.id)).toMatchObject({
      communicationStatus: "not_sent",
      recipientsTotal: 0,
    });
  });

  it("uses the caller's language for the fixed parts", async () => {
    const message = await draft(staff.cookie, { subject: "Language" });
    expect((await sendTest(message.id, { locale: "en" })).status).toBe(200);
    const mail = memoryOutbox()[0];
    expect(mail.subject).toBe("[test] Language");
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.html).toContain("Stop participating:");
    expect(mail.text).toContain(
      "[In the real email, each panel member's own stop link appears here.]",
    );
  });

  it("refuses an empty draft with code 22 and sends nothing", async () => {
    const message = await draft(staff.cookie, { body: "<p></p>" });
    const res = await sendTest(message.id);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(22);
    expect(memoryOutbox()).toHaveLength(0);
  });

  it("allows 10 test mails an hour per staff member (429 code 23 after that)", async () => {
    stopClock();
    const other = await staffWithSession();
    const message = await draft(other.cookie, { subject: "Vaak" });
    for (let i = 0; i < 10; i++) {
      expect((await sendTest(message.id, { cookie: other.cookie })).status).toBe(200);
    }
    const refused = await sendTest(message.id, { cookie: other.cookie });
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe(23);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(memoryOutbox()).toHaveLength(10);
    // Another staff member has their own allowance.
    expect((await sendTest(message.id, { cookie: admin.cookie })).status).toBe(200);
    expect(memoryOutbox().at(-1)!.to).toBe(admin.email);
  });
});

describe("a message with images", () => {
  it("keeps the sanitised body with the image path as written", async () => {
    const message = await draft(staff.cookie, { body: BODY_WITH_IMAGE });
    expect(message.body).toContain(`src="/api/editor_image/${IMAGE_ID}"`);
  });
});
