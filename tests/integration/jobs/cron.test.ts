import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET, POST } from "@/app/api/cron/deliver/route";
import { getDb } from "@/db/client";
import { sessions } from "@/db/schema";
import { runCronCall } from "@/lib/jobs/cron-run";
import { installMailTransport } from "@/lib/mail";
import { queueMessage } from "@/lib/mailings/queue";
import { signUp as writeSignUp } from "@/lib/panel/signup";
import { sha256Hex } from "@/lib/crypto/tokens";
import { startFakeResend, type FakeResend } from "../../support/fake-resend";
import { call } from "../../support/http";
import { quietLogs } from "../../support/auth";
import { staffWithSession } from "../../support/staff";
import { draft, insertMembers, messageRow, useFakeProvider } from "../../support/mailings";
import { makeSignupMailsDue } from "../../support/panel";

quietLogs();

const path = "/api/cron/deliver";
const authorization = "Bearer test-cron-secret-0123456789";

let fake: FakeResend;
beforeAll(async () => {
  fake = await startFakeResend();
});
afterAll(async () => {
  installMailTransport(undefined);
  await fake.close();
});

describe("GET and POST /api/cron/deliver", () => {
  it("refuses a caller without the bearer secret, from any origin, with 401 code 25", async () => {
    for (const handler of [GET, POST]) {
      for (const header of [
        undefined,
        "Bearer wrong-secret-0123456789",
        "test-cron-secret-0123456789",
      ]) {
        const res = await call(handler, {
          path,
          method: handler === GET ? "GET" : "POST",
          origin: null,
          headers: header ? { authorization: header } : {},
        });
        expect(res.status).toBe(401);
        expect(res.body.error.code).toBe(25);
      }
    }
  });

  it("runs the scheduled work for the scheduler: expired sessions are removed", async () => {
    const staff = await staffWithSession();
    const db = await getDb();
    const id = sha256Hex(staff.cookie.split("=")[1]);
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, id));
    const res = await call(POST, {
      path,
      method: "POST",
      origin: null,
      headers: { authorization },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      housekeeping: "done",
      signup_mails: { sent: 0, given_up: 0, pending: 0 },
      delivery: { batches: 0, sent: 0, failed: 0, pending: 0 },
    });
    expect(await db.select().from(sessions).where(eq(sessions.id, id))).toHaveLength(0);
  });

  it("delivers what is pending when the host's scheduler calls GET", async () => {
    useFakeProvider(fake);
    const members = await insertMembers(120);
    const admin = (await staffWithSession({ admin: true })).cookie;
    const message = await draft(admin, { subject: "Via cron" });
    // Queued without the send call's own start, as if that run had been cut short.
    await queueMessage(message.id, null);
    const res = await call(GET, { path, origin: null, headers: { authorization } });
    expect(res.status).toBe(200);
    expect(res.body.delivery).toEqual({ batches: 2, sent: 120, failed: 0, pending: 0 });
    expect(new Set(fake.delivered.map((m) => m.to[0]))).toEqual(new Set(members));
    expect(fake.delivered).toHaveLength(120);
    expect((await messageRow(message.id)).communicationStatus).toBe("sent");
  });

  it("still delivers when a housekeeping step fails, and says so", async () => {
    useFakeProvider(fake);
    fake.reset();
    const members = await insertMembers(3);
    const admin = (await staffWithSession({ admin: true })).cookie;
    const message = await draft(admin, { subject: "Despite housekeeping" });
    await queueMessage(message.id, null);
    const db = await getDb();
    // A real fault in one step: the table it cleans is not there.
    await db.execute(sql`alter table login_challenges rename to login_challenges_away`);
    try {
      const res = await call(GET, { path, origin: null, headers: { authorization } });
      expect(res.status).toBe(200);
      expect(res.body.housekeeping).toBe("failed");
      expect(res.body.delivery).toMatchObject({ failed: 0, pending: 0 });
    } finally {
      await db.execute(sql`alter table login_challenges_away rename to login_challenges`);
    }
    // Every verified member of this file's database, these three among them.
    const delivered = new Set(fake.delivered.map((m) => m.to[0]));
    for (const member of members) expect(delivered.has(member), member).toBe(true);
    expect((await messageRow(message.id)).communicationStatus).toBe("sent");
  });

  it("gives delivery only what the sign-up mails' retries left of the call's budget", async () => {
    useFakeProvider(fake);
    fake.reset();
    await insertMembers(3);
    const admin = (await staffWithSession({ admin: true })).cookie;
    const message = await draft(admin, { subject: "After the sign-up mails" });
    await queueMessage(message.id, null);
    // A sign-up mail due for its retry, and a provider that takes its time.
    await writeSignUp(`slow-provider-${Date.now()}@example.org`, "nl");
    await makeSignupMailsDue();
    fake.configure({ latencyMs: 400 });
    try {
      const call1 = await runCronCall({ budgetMs: 300 });
      expect(call1.signup_mails.sent).toBe(1);
      // The retry took the whole budget: nothing is sent past it, the rest waits for the next.
      expect(call1.delivery.batches).toBe(0);
      expect(call1.delivery.pending).toBeGreaterThan(0);
    } finally {
      fake.configure({ latencyMs: 0 });
    }
    const call2 = await runCronCall({ budgetMs: 10_000 });
    expect(call2.delivery).toMatchObject({ failed: 0, pending: 0 });
    expect((await messageRow(message.id)).communicationStatus).toBe("sent");
  });
});
