import { sql } from "drizzle-orm";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { installDatabase, openPglite, openPostgres, type Database } from "@/db/client";
import { listPanelUsers } from "@/lib/panel/list";
import { benchUrl, postgresReachable, prepareDatabase } from "./database";
import { cutOff } from "./format";

const MEMBERS = 100_000;
const PAGES = [1, 2_500, 5_000, 7_500, 10_000];
const RUNS = 25;

async function fill(database: Database) {
  await database.db.execute(sql`
    insert into panel_users (email, is_verified, stop_nonce, created_at)
    select 'member' || g || '@example.org', g % 3 <> 0, md5(g::text), now() - (g || ' seconds')::interval
    from generate_series(1, ${MEMBERS}) as g`);
  await database.db.execute(sql`analyze panel_users`);
}

async function measure(label: string, database: Database): Promise<string> {
  installDatabase(database);
  const parts: string[] = [];
  let worst = 0;
  for (const page of PAGES) {
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const start = process.hrtime.bigint();
      const result = await listPanelUsers(page, 10);
      times.push(Number(process.hrtime.bigint() - start) / 1e6);
      if (result.items.length !== 10)
        throw new Error(`page ${page} returned ${result.items.length} rows`);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)];
    worst = Math.max(worst, median);
    parts.push(`page ${page}: ${median.toFixed(1)} ms`);
  }
  return `Panel list, ${MEMBERS.toLocaleString("en")} members, 10 a page, ${label} (median of ${RUNS}): ${parts.join(", ")}; worst median ${cutOff(worst, 1)} ms (budget < 20 ms).`;
}

/** Panel list paging with 100,000 members, timed at the database (budget: < 20 ms a page). */
export async function benchPanelList(): Promise<string[]> {
  const notes: string[] = [];
  const pglite = await openPglite(
    path.join(mkdtempSync(path.join(os.tmpdir(), "rp-bench-list-")), "db"),
  );
  await fill(pglite);
  notes.push(await measure("embedded PGlite", pglite));
  await pglite.close();
  if (await postgresReachable()) {
    await prepareDatabase("postgres");
    const pg = await openPostgres(benchUrl(), 2);
    await fill(pg);
    notes.push(await measure("Postgres", pg));
    await pg.close();
  }
  return notes;
}
