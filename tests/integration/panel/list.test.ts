import { desc, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { panelUsers } from "@/db/schema";
import { COUNT_BLOCK_SIZE, countPanelUsers, listPanelUsers } from "@/lib/panel/list";

/** The page as a plain OFFSET over every member would give it. */
async function reference(page: number, perPage: number) {
  const db = await getDb();
  const rows = await db
    .select({ id: panelUsers.id })
    .from(panelUsers)
    .orderBy(desc(panelUsers.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return rows.map((r) => r.id);
}

beforeAll(async () => {
  const db = await getDb();
  // Members over several blocks of ids, with a block emptied, ragged gaps, and a lone member far
  // beyond the rest (ids are not dense: repeated sign-ups and leavers leave holes).
  await db.execute(sql`
    insert into panel_users (email, stop_nonce)
    select 'block' || g || '@example.org', md5(g::text) from generate_series(1, 4000) as g`);
  await db.execute(
    sql`delete from panel_users where id between ${COUNT_BLOCK_SIZE * 2} and ${COUNT_BLOCK_SIZE * 3 - 1}`,
  );
  await db.execute(sql`delete from panel_users where id % 7 = 0 or id between 900 and 1100`);
  await db.execute(sql`select setval(pg_get_serial_sequence('panel_users', 'id'), 500000)`);
  await db.execute(
    sql`insert into panel_users (email, stop_nonce) values ('far@example.org', 'n')`,
  );
});

describe("listPanelUsers over many blocks of ids", () => {
  it("counts exactly what is there", async () => {
    const db = await getDb();
    const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(panelUsers);
    expect(await countPanelUsers(db)).toBe(n);
    expect((await listPanelUsers(1, 10)).meta.total_items).toBe(n);
  });

  it("gives the same pages as a plain OFFSET, across block borders and gaps", async () => {
    const total = (await listPanelUsers(1, 10)).meta.total_items;
    for (const perPage of [1, 7, 10, 100]) {
      const pages = Math.ceil(total / perPage);
      const sample = new Set([
        1,
        2,
        3,
        Math.floor(pages / 3),
        Math.floor(pages / 2),
        pages - 1,
        pages,
      ]);
      for (let p = 1; p <= pages; p += Math.max(1, Math.floor(pages / 40))) sample.add(p);
      for (const page of sample) {
        if (page < 1) continue;
        const got = await listPanelUsers(page, perPage);
        expect(
          got.items.map((m) => m.id),
          `page ${page} of ${perPage}`,
        ).toEqual(await reference(page, perPage));
        expect(got.meta).toEqual({
          total_items: total,
          total_pages: pages,
          page,
          per_page: perPage,
        });
      }
    }
    const first = await listPanelUsers(1, 10);
    expect(first.items[0].email).toBe("far@example.org");
  });

  it("walks every member once when paging through everything", async () => {
    const seen: number[] = [];
    const { meta } = await listPanelUsers(1, 100);
    for (let page = 1; page <= meta.total_pages; page++) {
      seen.push(...(await listPanelUsers(page, 100)).items.map((m) => m.id));
    }
    expect(seen).toEqual(await reference(1, meta.total_items));
    expect((await listPanelUsers(meta.total_pages + 1, 100)).items).toEqual([]);
  });
});
