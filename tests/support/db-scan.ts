import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { getDb } from "@/db/client";

/** Every row of every table whose text (or JSON) holds `needle`, as "table.column". */
export async function placesHolding(needle: string): Promise<string[]> {
  const db = await getDb();
  const columns = (await db.execute(sql`
    select table_schema, table_name, column_name from information_schema.columns
    where table_schema not in ('pg_catalog', 'information_schema')
      and data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'USER-DEFINED', 'ARRAY')
      and table_name in (select table_name from information_schema.tables where table_type = 'BASE TABLE')
  `)) as unknown as { rows?: Record<string, string>[] } & Record<string, string>[];
  const list = (columns.rows ?? columns) as Record<string, string>[];
  expect(list.length).toBeGreaterThan(10);
  const found: string[] = [];
  for (const c of list) {
    const res = (await db.execute(
      sql.raw(
        `select count(*)::int as n from "${c.table_schema}"."${c.table_name}" where "${c.column_name}"::text ilike '%${needle.replace(/'/g, "''")}%'`,
      ),
    )) as unknown as { rows?: { n: number }[] } & { n: number }[];
    const n = (res.rows ?? res)[0].n;
    if (n > 0) found.push(`${c.table_name}.${c.column_name}`);
  }
  return found;
}
