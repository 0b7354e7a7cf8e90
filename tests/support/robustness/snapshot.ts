import { sql } from "drizzle-orm";
import { getDb } from "@/db/client";

/** Tables that change by design on every request: counters and session renewals. */
const CHANGING_BY_DESIGN = new Set(["rate_limits", "sessions"]);

function rowsOf<T>(result: unknown): T[] {
  const r = result as { rows?: T[] } & T[];
  return r.rows ?? r;
}

/** The names of every table of the app's schema, found in the catalogue (none listed by hand). */
export async function tableNames(): Promise<string[]> {
  const db = await getDb();
  const rows = rowsOf<{ name: string }>(
    await db.execute(sql`
      select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE'
      order by table_name`),
  );
  return rows.map((r) => r.name);
}

/**
 * Every row of every table except those that change by design, as JSON text in a stable order:
 * two snapshots are equal exactly when nothing was written in between.
 */
export async function snapshotTables(): Promise<Record<string, string[]>> {
  const db = await getDb();
  const snapshot: Record<string, string[]> = {};
  for (const name of await tableNames()) {
    if (CHANGING_BY_DESIGN.has(name)) continue;
    const rows = rowsOf<{ row: string }>(
      await db.execute(
        sql.raw(`select to_jsonb(t)::text as row from "${name}" t order by to_jsonb(t)::text`),
      ),
    );
    snapshot[name] = rows.map((r) => r.row);
  }
  return snapshot;
}
