import { eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { POST as cancelRoute } from "@/app/api/panel_message/[id]/cancel/route";
import { DELETE as deleteRoute, PUT as updateRoute } from "@/app/api/panel_message/[id]/route";
import { POST as sendRoute } from "@/app/api/panel_message/[id]/send/route";
import { GET as cronRoute } from "@/app/api/cron/deliver/route";
import { getDb } from "@/db/client";
import { panelMessages, panelUsers } from "@/db/schema";
import { deliverPending } from "@/lib/mailings/delivery/deliver";
import { clearMemoryOutbox, memoryOutbox } from "@/lib/mail/transports/memory";
import { call } from "../../support/http";
import { bounce, postEvent } from "../../support/provider-events";
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
let staff: string;

beforeAll(async () => {
  admin = (await staffWithSession({ admin: true })).cookie;
  staff = (await staffWithSession()).cookie;
  await insertMembers(3, { tag: "scheduled-base" });
});
beforeEach(() => clearMemoryOutbox());
afterEach(() => waitFor(deliveryDone, 20_000, "deliveries to finish"));

const nowSeconds = () => Math.floor(Date.now() / 1000);
const at = (id: number, suffix = "") => ({
  path: `/api/panel_message/${id}${suffix}`,
  params: { id: String(id) },
});

function send(id: number, body: unknown = {}, cookie = admin) {
  return call(sendRoute, { ...at(id, "/send"), body, cookie });
}
function cancel(id: number, cookie = admin) {
  return call(cancelRoute, { ...at(id, "/cancel"), body: {}, cookie });
}

/** The clock moved on: the message's time has come (the database's clock decides). */
async function makeDue(id: number) {
  const db = await getDb();
  await db
    .update(panelMessages)
    .set({ scheduledFor: sql`now() - interval '1 second'` })
    .where(eq(panelMessages.id, id));
}

function runCron() {
  return call(cronRoute, {
    path: "/api/cron/deliver",
    method: "GET",
    origin: null,
    headers: { authorization: "Bearer test-cron-secret-0123456789" },
  });
}

describe("scheduling: POST /api/panel_message/{id}/send {send_at}", () => {
  it("answers the message scheduled for that moment and holds it as it is until then", async () => {
    const message = await draft(admin, { subject: "Later" });
    const sendAt = nowSeconds() + 3600;
    const res = await send(message.id, { send_at: sendAt });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: message.id,
      communication_status: "scheduled",
      scheduled_for: sendAt,
      recipients_total: 0,
      sent_at: null,
    });
    expect(await deliveriesOf(message.id)).toEqual([]);
    const detail = await getMessage(admin, message.id);
    expect(detail.body).toMatchObject({ communication_status: "scheduled", scheduled_for: sendAt });
    expect(detail.body.recipients_estimate).toBeGreaterThan(0);

    const put = await call(updateRoute, {
      ...at(message.id),
      method: "PUT",
      body: { subject: "Anders" },
      cookie: admin,
    });
    expect(put.status).toBe(409);
    expect(put.body.error.code).toBe(16);
    const del = await call(deleteRoute, { ...at(message.id), method: "DELETE", cookie: admin });
    expect(del.status).toBe(409);
    expect(del.body.error.code).toBe(17);
    for (const body of [{}, { send_at: sendAt + 60 }]) {
      const again = await send(message.id, body);
      expect(again.status).toBe(409);
      expect(again.body.error.code).toBe(18);
    }
    expect(await messageRow(message.id)).toMatchObject({
      subject: "Later",
      communicationStatus: "scheduled",
    });
    const audit = await auditRowsOf("message_scheduled", message.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ details: { scheduled_for: sendAt } });
    expect(audit[0].actorId).toEqual(expect.any(Number));
    // Not due yet: a delivery run leaves it alone.
    await deliverPending({ deadlineMs: 1000 });
    expect((await messageRow(message.id)).communicationStatus).toBe("scheduled");
  });

  it("refuses a time under a minute or over 90 days ahead, or not a whole number, with code 22", async () => {
    const message = await draft(admin, { subject: "Te vroeg" });
    const before = await snapshotTables();
    for (const send_at of [
      nowSeconds() - 10,
      nowSeconds() + 30,
      nowSeconds() + 90 * 86400 + 120,
      nowSeconds() + 3600.5,
      String(nowSeconds() + 3600),
      0,
      -5,
      // Beyond the last moment a date can hold: no date at all, not a server error.
      Number.MAX_SAFE_INTEGER,
      8.64e12 + 1,
    ]) {
      const res = await send(message.id, { send_at });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe(22);
      expect(res.body.error.fields).toHaveProperty("send_at");
    }
    expect(await snapshotTables()).toEqual(before);
  });

  it("is admin-only, and refuses what a send now refuses: the default subject, an empty body", async () => {
    const sendAt = nowSeconds() + 3600;
    const message = await draft(admin, { subject: "Geen admin" });
    const other = await send(message.id, { send_at: sendAt }, staff);
    expect(other.status).toBe(403);
    expect(other.body.error.code).toBe(8);
    const untitled = await draft(admin);
    for (const body of [{}, { send_at: sendAt }]) {
      const res = await send(untitled.id, body);
      expect(res.status).toBe(400);
      expect(res.body.error.fields).toHaveProperty("subject");
    }
    const empty = await draft(admin, { subject: "Leeg", body: "<p></p>" });
    const res = await send(empty.id, { send_at: sendAt });
    expect(res.body.error.fields).toHaveProperty("body");
    for (const id of [message.id, untitled.id, empty.id]) {
      expect((await messageRow(id)).communicationStatus).toBe("not_sent");
    }
  });
});

describe("cancelling: POST /api/panel_message/{id}/cancel", () => {
  it("makes a scheduled message a draft again, which can then be changed and scheduled anew", async () => {
    const message = await draft(admin, { subject: "Toch niet" });
    await send(message.id, { send_at: nowSeconds() + 3600 });
    const res = await cancel(message.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ communication_status: "not_sent", scheduled_for: null });
    const again = await cancel(message.id);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe(18);
    expect(await auditRowsOf("message_cancelled", message.id)).toHaveLength(1);
    const put = await call(updateRoute, {
      ...at(message.id),
      method: "PUT",
      body: { subject: "Toch wel" },
      cookie: admin,
    });
    expect(put.status).toBe(200);
    const rescheduled = await send(message.id, { send_at: nowSeconds() + 7200 });
    expect(rescheduled.body.communication_status).toBe("scheduled");
    expect((await cancel(999_999)).status).toBe(404);
    const notAdmin = await cancel(message.id, staff);
    expect(notAdmin.status).toBe(403);
    expect((await messageRow(message.id)).communicationStatus).toBe("scheduled");
  });

  it("a message cancelled before its time is never sent", async () => {
    const message = await draft(admin, { subject: "Geannuleerd" });
    await send(message.id, { send_at: nowSeconds() + 120 });
    expect((await cancel(message.id)).status).toBe(200);
    await makeDue(message.id);
    expect((await runCron()).status).toBe(200);
    expect(await messageRow(message.id)).toMatchObject({ communicationStatus: "not_sent" });
    expect(await deliveriesOf(message.id)).toEqual([]);
    expect(memoryOutbox().filter((m) => m.subject === "Geannuleerd")).toEqual([]);
  });
});

describe("at its time", () => {
  it("goes out once to the members verified then, however many runs meet it", async () => {
    const message = await draft(admin, { subject: "Op tijd" });
    await send(message.id, { send_at: nowSeconds() + 120 });
    // Who is a member is decided when it goes out: one joins, one bounces in the meantime.
    const [late] = await insertMembers(1, { tag: "joined-later" });
    const [gone] = await insertMembers(1, { tag: "bounced-later" });
    await postEvent(bounce(gone));
    await makeDue(message.id);

    const runs = await Promise.all([
      deliverPending({ deadlineMs: 10_000 }),
      deliverPending({ deadlineMs: 10_000 }),
      runCron(),
    ]);
    expect(runs[2].status).toBe(200);
    await waitFor(async () => (await messageRow(message.id)).communicationStatus === "sent");

    const db = await getDb();
    const recipients = await db
      .select({ email: panelUsers.email })
      .from(panelUsers)
      .where(sql`${panelUsers.isVerified} = true and ${panelUsers.deliveryStatus} = 'ok'`);
    const mails = memoryOutbox().filter((m) => m.subject === "Op tijd");
    expect(mails.map((m) => m.to).sort()).toEqual(recipients.map((r) => r.email).sort());
    expect(mails.map((m) => m.to)).toContain(late);
    expect(mails.map((m) => m.to)).not.toContain(gone);
    expect(await messageRow(message.id)).toMatchObject({
      recipientsTotal: recipients.length,
      deliveredCount: recipients.length,
      scheduledFor: null,
    });
  });

  it("with nobody left to send to, it ends failed with that reason, shown with the message", async () => {
    const db = await getDb();
    const message = await draft(admin, { subject: "Niemand meer" });
    await send(message.id, { send_at: nowSeconds() + 120 });
    const members = await db.select({ id: panelUsers.id }).from(panelUsers);
    await db.update(panelUsers).set({ isVerified: false });
    await makeDue(message.id);
    try {
      await runCron();
      const detail = await getMessage(admin, message.id);
      expect(detail.body).toMatchObject({
        communication_status: "failed",
        failure_reason: "no_recipients",
        scheduled_for: null,
        recipients_total: 0,
      });
      expect(await deliveriesOf(message.id)).toEqual([]);
      // Nothing went out and nothing more can be done with it: it can be deleted.
      const del = await call(deleteRoute, { ...at(message.id), method: "DELETE", cookie: admin });
      expect(del.status).toBe(200);
      expect(await messageRow(message.id)).toBeUndefined();
    } finally {
      await db
        .update(panelUsers)
        .set({ isVerified: true })
        .where(
          sql`${panelUsers.id} in (${sql.join(
            members.map((m) => sql`${m.id}`),
            sql`, `,
          )})`,
        );
    }
  });
});
