import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { installMailTransport } from "@/lib/mail";
import { deliverPending } from "@/lib/mailings/delivery/deliver";
import { queueMessage } from "@/lib/mailings/queue";
import { busiestSecond, startFakeResend, type FakeResend } from "../../support/fake-resend";
import { staffWithSession } from "../../support/staff";
import { startSenderProcess, type SenderTotals } from "../../support/sender-process-client";
import {
  deliveriesOf,
  draft,
  insertMembers,
  messageRow,
  useFakeProvider,
} from "../../support/mailings";

const RATE = 4;
const MEMBERS = 2_000;
let fake: FakeResend;

beforeAll(async () => {
  fake = await startFakeResend({ requestsPerSecond: RATE + 1 });
  useFakeProvider(fake);
});
afterAll(async () => {
  installMailTransport(undefined);
  await fake.close();
});

/** One sender as an app instance runs it: until nothing is pending. */
async function sender(): Promise<SenderTotals> {
  const totals = { batches: 0, sent: 0, failed: 0 };
  for (;;) {
    const run = await deliverPending({ deadlineMs: 10_000, ratePerSecond: RATE });
    totals.batches += run.batches;
    totals.sent += run.sent;
    totals.failed += run.failed;
    if (run.pending === 0) return totals;
    if (run.batches === 0) {
      await new Promise((r) => setTimeout(r, Math.min(250, Math.max(20, run.nextDueInMs ?? 250))));
    }
  }
}

/** Another process on the same Postgres database: a second app instance. */
async function senderProcess() {
  const db = await getDb();
  const rows = (await db.execute(sql`select current_database() as name`)) as unknown as {
    name: string;
  }[];
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${rows[0].name}`;
  return startSenderProcess({
    DATABASE_URL: url.toString(),
    MAIL_TRANSPORT: "resend",
    RESEND_API_KEY: fake.apiKey,
    RESEND_BASE_URL: fake.url,
    MAIL_RATE_PER_SECOND: String(RATE),
  });
}

describe("two senders at once", () => {
  it("mail every member exactly once and together keep to the configured request rate", async () => {
    const members = await insertMembers(MEMBERS);
    const admin = (await staffWithSession({ admin: true })).cookie;
    const message = await draft(admin, { subject: "Samen" });
    await queueMessage(message.id, null);

    const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
    let results: SenderTotals[];
    if (onPostgres) {
      // Two instances on one Postgres: another process and this one.
      const other = await senderProcess();
      other.go();
      results = await Promise.all([other.done, sender()]);
    } else {
      // The embedded database serves one process: two loops in it.
      results = await Promise.all([sender(), sender()]);
    }

    expect(results.every((r) => r.batches > 0)).toBe(true);
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(MEMBERS);
    expect(results.reduce((n, r) => n + r.failed, 0)).toBe(0);

    const to = fake.delivered.map((m) => m.to[0]);
    expect(to).toHaveLength(MEMBERS);
    expect(new Set(to)).toEqual(new Set(members));

    const requests = fake.requests.filter((r) => r.path === "/emails/batch");
    expect(requests.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
    expect(requests).toHaveLength(MEMBERS / 100);
    const times = requests.map((r) => r.at).sort((a, b) => a - b);
    expect(busiestSecond(times)).toBeLessThanOrEqual(RATE + 1);
    const achieved = (times.length - 1) / ((times.at(-1)! - times[0]) / 1000);
    expect(achieved).toBeLessThanOrEqual(RATE * 1.05);

    expect(await messageRow(message.id)).toMatchObject({
      communicationStatus: "sent",
      deliveredCount: MEMBERS,
      failedCount: 0,
    });
    const deliveries = await deliveriesOf(message.id);
    expect(new Set(deliveries.map((d) => d.providerId)).size).toBe(MEMBERS);
  }, 60_000);
});
