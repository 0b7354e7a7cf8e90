import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as sendRoute } from "@/app/api/panel_message/[id]/send/route";
import { installMailTransport } from "@/lib/mail";
import { wakeDeliveryLoop } from "@/lib/mailings/delivery/loop";
import { queueMessage } from "@/lib/mailings/queue";
import { startFakeResend, type FakeResend } from "../../support/fake-resend";
import { call } from "../../support/http";
import { staffWithSession } from "../../support/staff";
import {
  deliveryDone,
  draft,
  insertMembers,
  messageRow,
  useFakeProvider,
  waitFor,
} from "../../support/mailings";

let fake: FakeResend;
let admin: string;

beforeAll(async () => {
  fake = await startFakeResend({ requestsPerSecond: 5 });
  useFakeProvider(fake);
  admin = (await staffWithSession({ admin: true })).cookie;
});
afterAll(async () => {
  await waitFor(deliveryDone, 20_000, "deliveries to finish");
  installMailTransport(undefined);
  await fake.close();
});

function mailsTo(subject: string): string[] {
  return fake.delivered.filter((m) => m.subject === subject).map((m) => m.to[0]);
}

describe("delivery starts at once, without a scheduler", () => {
  it("from the send call, after its answer, where background jobs are off (serverless)", async () => {
    const members = await insertMembers(130);
    const message = await draft(admin, { subject: "Na het antwoord" });
    const res = await call(sendRoute, {
      path: `/api/panel_message/${message.id}/send`,
      params: { id: String(message.id) },
      body: {},
      cookie: admin,
    });
    expect(res.status).toBe(200);
    expect(res.body.communication_status).toBe("queued");
    await waitFor(async () => (await messageRow(message.id)).communicationStatus === "sent");
    expect(new Set(mailsTo("Na het antwoord"))).toEqual(new Set(members));
    expect(mailsTo("Na het antwoord")).toHaveLength(130);
  });

  it("through the in-process loop of a Node host, woken any number of times", async () => {
    await waitFor(deliveryDone);
    const first = await draft(admin, { subject: "Lus een" });
    await queueMessage(first.id, null);
    wakeDeliveryLoop();
    wakeDeliveryLoop();
    await waitFor(async () => (await messageRow(first.id)).communicationStatus === "sent");
    // Woken again after it stopped, for a message queued later.
    const second = await draft(admin, { subject: "Lus twee" });
    await queueMessage(second.id, null);
    wakeDeliveryLoop();
    await waitFor(async () => (await messageRow(second.id)).communicationStatus === "sent");
    const recipients = (await messageRow(first.id)).recipientsTotal;
    expect(mailsTo("Lus een")).toHaveLength(recipients);
    expect(new Set(mailsTo("Lus een")).size).toBe(recipients);
    expect(mailsTo("Lus twee")).toHaveLength(recipients);
  });
});
