import { eq, sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as sendRoute } from "@/app/api/panel_message/[id]/send/route";
import { getDb } from "@/db/client";
import { rowsOf } from "@/db/rows";
import { panelMessageDeliveries, panelMessages } from "@/db/schema";
import { call } from "../support/http";
import { draft, insertMembers } from "../support/mailings";
import { databaseUrl, onPostgres } from "../support/robustness/postgres";
import { staffWithSession } from "../support/staff";

/**
 * A member leaves (a stop link, one-click unsubscribe, a complaint, an admin's delete) at the
 * moment staff send a message. Postgres only: the embedded database runs one statement at a time,
 * so the two never meet there.
 */
describe.runIf(onPostgres)("a member leaving while a message is queued", () => {
  let other: ReturnType<typeof postgres>;
  beforeAll(async () => {
    other = postgres(await databaseUrl(), { max: 1, onnotice: () => {} });
  });
  afterAll(async () => {
    await other?.end();
  });

  it("queues the message for everyone else, instead of failing it with 500", async () => {
    const admin = (await staffWithSession({ admin: true })).cookie;
    const message = await draft((await staffWithSession()).cookie, { subject: "Nieuws" });
    const emails = await insertMembers(5);
    const db = await getDb();
    const [leaving] = rowsOf<{ id: number }>(
      await db.execute(sql`select id from panel_users where email = ${emails[2]}`),
    );

    // The member's leaving is under way, not yet committed, while the message is sent; it
    // commits while the send is on its way.
    let answer: ReturnType<typeof call> | undefined;
    await other.begin(async (tx) => {
      await tx`delete from panel_users where id = ${leaving.id}`;
      answer = call(sendRoute, {
        path: `/api/panel_message/${message.id}/send`,
        params: { id: String(message.id) },
        method: "POST",
        body: {},
        cookie: admin,
      });
      // The send must finish while the delete is still uncommitted; one that waits for it
      // (the foreign key's lock) is given 5 s before the delete commits and fails it.
      await Promise.race([answer, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    });
    const sent = await answer!;

    expect(sent.status, sent.text).toBe(200);
    const recipients = await db
      .select({ member: panelMessageDeliveries.panelUserId })
      .from(panelMessageDeliveries)
      .where(eq(panelMessageDeliveries.messageId, message.id));
    expect(recipients.map((r) => r.member)).not.toContain(leaving.id);
    const [row] = await db.select().from(panelMessages).where(eq(panelMessages.id, message.id));
    expect(row.recipientsTotal).toBe(recipients.length);
  });
});
