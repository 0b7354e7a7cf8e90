import { sql } from "drizzle-orm";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { installDatabase, openPglite, openPostgres, type Database } from "@/db/client";
import { listPanelUsers, searchPanelUsers } from "@/lib/panel/list";
import type { PanelUserStatus } from "@/lib/panel/schemas.shared";
import { benchUrl, postgresReachable, prepareDatabase } from "./database";
import { cutOff } from "./format";

const MEMBERS = 100_000;
const RUNS = 25;
const PER_PAGE = 10;

/**
 * 100,000 members: two in three verified, one in fifty bounced (spread over the ids), so every
 * filter has pages at the start, the middle and the end of the list.
 */
async function fill(database: Database) {
  await database.db.execute(sql`
    insert into panel_users (email, is_verified, stop_nonce, created_at, delivery_status, bounce_kind, bounced_at)
    select 'member' || g || '@example.org', g % 3 <> 0, md5(g::text), now() - (g || ' seconds')::interval,
      case when g % 50 = 0 then 'bounced'::member_delivery_status else 'ok'::member_delivery_status end,
      case when g % 50 = 0 then 'General' end, case when g % 50 = 0 then now() end
    from generate_series(1, ${MEMBERS}) as g`);
  await database.db.execute(sql`analyze panel_users`);
}

function median(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function timed(work: () => Promise<void>): Promise<number> {
  const start = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

async function measure(label: string, database: Database): Promise<string[]> {
  installDatabase(database);
  const searches: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const n = 1 + Math.floor((i * MEMBERS) / RUNS);
    searches.push(
      await timed(async () => {
        const found = await searchPanelUsers(`member${n}@example.org`, PER_PAGE);
        if (found.items.length !== 1) throw new Error(`member${n} not found`);
      }),
    );
  }
  const lines = [
    `Search by address, ${MEMBERS.toLocaleString("en")} members, ${label} (median of ${RUNS}): ${cutOff(median(searches), 2)} ms (budget < 5 ms).`,
  ];
  for (const status of ["verified", "unverified", "bounced"] as PanelUserStatus[]) {
    const first = await listPanelUsers(1, PER_PAGE, status);
    const pages = first.meta.total_pages;
    const parts: string[] = [];
    let worst = 0;
    for (const page of [1, Math.ceil(pages / 2), pages]) {
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        times.push(
          await timed(async () => {
            const list = await listPanelUsers(page, PER_PAGE, status);
            if (list.items.length === 0) throw new Error(`${status} page ${page} is empty`);
          }),
        );
      }
      worst = Math.max(worst, median(times));
      parts.push(`page ${page}: ${median(times).toFixed(1)} ms`);
    }
    lines.push(
      `List filtered to ${status} (${first.meta.total_items.toLocaleString("en")} members, ${PER_PAGE} a page), ${label} (median of ${RUNS}): ${parts.join(", ")}; worst median ${cutOff(worst, 1)} ms (budget < 20 ms).`,
    );
  }
  return lines;
}

/** Member search and the filtered member list with 100,000 members, timed at the database. */
export async function benchPanelSearch(): Promise<string[]> {
  const notes: string[] = [];
  const pglite = await openPglite(
    path.join(mkdtempSync(path.join(os.tmpdir(), "rp-bench-search-")), "db"),
  );
  await fill(pglite);
  notes.push(...(await measure("embedded PGlite", pglite)));
  await pglite.close();
  if (await postgresReachable()) {
    await prepareDatabase("postgres");
    const pg = await openPostgres(benchUrl(), 2);
    await fill(pg);
    notes.push(...(await measure("Postgres", pg)));
    await pg.close();
  }
  return notes;
}
