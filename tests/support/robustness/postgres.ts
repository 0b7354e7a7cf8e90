import { sql } from "drizzle-orm";
import { inject } from "vitest";
import { getDb } from "@/db/client";
import { withDatabaseName } from "../setup/global-database";

/** Whether this run is on Postgres (TEST_DATABASE_URL); PGlite has no server to fault or share. */
export const onPostgres = inject("testDatabase").kind === "postgres";

/** The address of this test file's own Postgres database. */
export async function databaseUrl(): Promise<string> {
  const target = inject("testDatabase");
  if (target.kind !== "postgres") throw new Error("not on Postgres");
  const db = await getDb();
  const result = (await db.execute(sql`select current_database() as name`)) as unknown as {
    name: string;
  }[] & { rows?: { name: string }[] };
  const name = (result.rows ?? result)[0].name;
  return withDatabaseName(target.adminUrl, name);
}
