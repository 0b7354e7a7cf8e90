import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { panelUsers } from "@/db/schema";
import { countPanelUsers } from "@/lib/panel/list";
import { newStopNonce } from "@/lib/panel/tokens";

async function counts() {
  const db = await getDb();
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(panelUsers);
  return { kept: await countPanelUsers(db), actual: n };
}

describe("the trigger-kept member count", () => {
  it("follows inserts, repeated sign-ups, deletes and truncation", async () => {
    const db = await getDb();
    expect(await counts()).toEqual({ kept: 0, actual: 0 });

    await db.insert(panelUsers).values(
      Array.from({ length: 40 }, (_, i) => ({
        email: `count${i}@example.org`,
        stopNonce: newStopNonce(),
      })),
    );
    expect(await counts()).toEqual({ kept: 40, actual: 40 });

    // An upsert that hits an existing address updates it and adds nothing.
    await db
      .insert(panelUsers)
      .values({ email: "count3@example.org", stopNonce: newStopNonce() })
      .onConflictDoUpdate({ target: panelUsers.email, set: { locale: "en" } });
    expect(await counts()).toEqual({ kept: 40, actual: 40 });

    await db.delete(panelUsers).where(eq(panelUsers.email, "count0@example.org"));
    await db
      .delete(panelUsers)
      .where(
        inArray(panelUsers.email, [
          "count1@example.org",
          "count2@example.org",
          "count4@example.org",
        ]),
      );
    expect(await counts()).toEqual({ kept: 36, actual: 36 });

    await db
      .transaction(async (tx) => {
        await tx
          .insert(panelUsers)
          .values({ email: "rolled-back@example.org", stopNonce: newStopNonce() });
        tx.rollback();
      })
      .catch(() => undefined);
    expect(await counts()).toEqual({ kept: 36, actual: 36 });

    await db.execute(sql`truncate panel_users cascade`);
    expect(await counts()).toEqual({ kept: 0, actual: 0 });
    await db
      .insert(panelUsers)
      .values({ email: "after-truncate@example.org", stopNonce: newStopNonce() });
    expect(await counts()).toEqual({ kept: 1, actual: 1 });
  });
});
