import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { PUT as updateRoute } from "@/app/api/panel_message/[id]/route";
import { POST as sendRoute } from "@/app/api/panel_message/[id]/send/route";
import { POST as testRoute } from "@/app/api/panel_message/[id]/test/route";
import { clearMemoryOutbox, memoryOutbox } from "@/lib/mail/transports/memory";
import type { PanelMessageDto } from "@/lib/mailings/schemas.shared";
import { call } from "../../support/http";
import { staffWithSession } from "../../support/staff";
import {
  deliveriesOf,
  deliveryDone,
  draft,
  insertMembers,
  messageRow,
  waitFor,
} from "../../support/mailings";

// Two tabs (or two colleagues) editing one draft: each save and send names the version it is
// based on, and one based on an older version is refused with 409 code 27, changing nothing.

let admin: string;

beforeAll(async () => {
  admin = (await staffWithSession({ admin: true })).cookie;
  await insertMembers(3, { tag: "versioned" });
});
afterEach(() => waitFor(deliveryDone, 20_000, "deliveries to finish"));

const at = (id: number, suffix = "") => ({
  path: `/api/panel_message/${id}${suffix}`,
  params: { id: String(id) },
});
/** A message, or the error envelope on a refusal. */
type Answer = PanelMessageDto & { error: { code: number; message: string } };
const put = (id: number, body: unknown) =>
  call<Answer>(updateRoute, { ...at(id), method: "PUT", body, cookie: admin });
const send = (id: number, body: unknown) =>
  call<Answer>(sendRoute, { ...at(id, "/send"), method: "POST", body, cookie: admin });
const sendTest = (id: number, body: unknown) =>
  call<Answer>(testRoute, { ...at(id, "/test"), method: "POST", body, cookie: admin });

const CHANGED_ELSEWHERE = {
  error: {
    code: 27,
    message: "This was changed elsewhere in the meantime; reload to see the newer version",
  },
};

describe("panel message versions", () => {
  it("raises the version with every save and answers it", async () => {
    const message = await draft(admin, { subject: "Versies" });
    expect(message.version).toBe(2);
    const saved = await put(message.id, { subject: "Versies twee", version: 2 });
    expect(saved.status).toBe(200);
    expect(saved.body.version).toBe(3);
    expect((await messageRow(message.id)).version).toBe(3);
  });

  it("refuses a save based on an older version with 409 code 27 and keeps the newer text", async () => {
    const message = await draft(admin, { subject: "Twee tabbladen" });
    const first = await put(message.id, { body: "<p>Uit het eerste tabblad</p>", version: 2 });
    expect(first.status).toBe(200);
    const second = await put(message.id, { body: "<p>Uit het tweede tabblad</p>", version: 2 });
    expect(second.status).toBe(409);
    expect(second.body).toEqual(CHANGED_ELSEWHERE);
    expect(await messageRow(message.id)).toMatchObject({
      body: "<p>Uit het eerste tabblad</p>",
      version: 3,
    });
  });

  it("lets exactly one of two saves based on the same version through", async () => {
    const message = await draft(admin, { subject: "Tegelijk" });
    const results = await Promise.all(
      ["een", "twee", "drie"].map((word) =>
        put(message.id, { body: `<p>${word}</p>`, version: message.version }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const winner = results.find((r) => r.status === 200)!;
    expect(await messageRow(message.id)).toMatchObject({
      body: winner.body.body,
      version: message.version + 1,
    });
  });

  it("still saves without a version (the specification's call), raising it", async () => {
    const message = await draft(admin, { subject: "Zonder versie" });
    const saved = await put(message.id, { subject: "Nog steeds zonder" });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ subject: "Nog steeds zonder", version: 3 });
  });

  it("keeps code 16 for a message no longer a draft, whatever version is sent", async () => {
    const message = await draft(admin, { subject: "Verstuurd" });
    expect((await send(message.id, { version: message.version })).status).toBe(200);
    const res = await put(message.id, { subject: "Te laat", version: 1 });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe(16);
  });

  it("refuses a send or a schedule based on an older version with code 27, queueing nothing", async () => {
    const message = await draft(admin, { subject: "Wat ik zag" });
    expect((await put(message.id, { subject: "Wat een ander schreef" })).status).toBe(200);
    const now = await send(message.id, { version: message.version });
    expect(now.status).toBe(409);
    expect(now.body).toEqual(CHANGED_ELSEWHERE);
    const later = await send(message.id, {
      version: message.version,
      send_at: Math.floor(Date.now() / 1000) + 3600,
    });
    expect(later.status).toBe(409);
    expect(later.body).toEqual(CHANGED_ELSEWHERE);
    expect(await messageRow(message.id)).toMatchObject({
      communicationStatus: "not_sent",
      scheduledFor: null,
    });
    expect(await deliveriesOf(message.id)).toHaveLength(0);

    const current = await send(message.id, { version: message.version + 1 });
    expect(current.status).toBe(200);
    expect(current.body).toMatchObject({ communication_status: "queued" });
  });

  it("refuses a test mail based on an older version with code 27, mailing nothing", async () => {
    const message = await draft(admin, { subject: "Proef van wat ik zag" });
    expect((await put(message.id, { subject: "Proef van een ander" })).status).toBe(200);
    clearMemoryOutbox();
    const stale = await sendTest(message.id, { version: message.version });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual(CHANGED_ELSEWHERE);
    expect(memoryOutbox()).toHaveLength(0);

    const current = await sendTest(message.id, { version: message.version + 1 });
    expect(current.status).toBe(200);
    expect(memoryOutbox().map((mail) => mail.subject)).toEqual(["[test] Proef van een ander"]);
    // Without a version (the call as it was), the stored text goes out.
    expect((await sendTest(message.id, {})).status).toBe(200);
    expect(memoryOutbox()).toHaveLength(2);
    expect(await messageRow(message.id)).toMatchObject({ communicationStatus: "not_sent" });
  });

  it("refuses a version that is not a positive whole number with code 22", async () => {
    const message = await draft(admin, { subject: "Ongeldig" });
    for (const version of [0, -1, 1.5, "2", 2 ** 31]) {
      const res = await put(message.id, { subject: "Niet dit", version });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe(22);
      const sent = await send(message.id, { version });
      expect(sent.status).toBe(400);
      expect(sent.body.error.code).toBe(22);
      const tested = await sendTest(message.id, { version });
      expect(tested.status).toBe(400);
      expect(tested.body.error.code).toBe(22);
    }
    expect(await messageRow(message.id)).toMatchObject({ subject: "Ongeldig", version: 2 });
  });
});
