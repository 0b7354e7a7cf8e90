import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as verifyRoute } from "@/app/api/panel_user/verify_email/route";
import { POST as submitRoute } from "@/app/api/survey/[surveyUuid]/submit/route";
import { getDb } from "@/db/client";
import { call } from "../../helpers/http";
import { lastMailTo, memberByEmail, signUp, verificationParams } from "../panel/support";
import { insertStudyWithSurvey, validAnswers } from "../survey/support";

/**
 * A database reader must not be able to tie a participant's answers to a panel member. One
 * client (one address, one browser) joins the panel, confirms, and answers a survey; then every
 * table is dumped and no derived value (counter key, hash, token, ciphertext, nonce: any text
 * or bytes of 8 characters or more) may appear both in a row the sign-up wrote and in a row the
 * submission wrote. Small integers, dates and locale codes are not derived values.
 */

type Dump = Map<string, Set<string>>; // table → rows as JSON text

const rowsOf = (result: unknown) =>
  (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<
    string,
    unknown
  >[];

async function dumpEverything(): Promise<Dump> {
  const db = await getDb();
  const tables = rowsOf(
    await db.execute(sql`
      select table_schema, table_name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
      order by 1, 2`),
  );
  // Every table, not a list kept by hand: a table added later is covered without anyone
  // remembering this test.
  expect(tables.map((t) => t.table_name)).toEqual(
    expect.arrayContaining(["panel_users", "survey_responses", "rate_limits"]),
  );
  const dump: Dump = new Map();
  for (const t of tables) {
    const name = `"${t.table_schema}"."${t.table_name}"`;
    // to_jsonb renders bytea as "\\x<hex>", so ciphertexts compare as text like everything else.
    const rows = rowsOf(await db.execute(sql.raw(`select to_jsonb(t)::text as j from ${name} t`)));
    dump.set(name, new Set(rows.map((r) => String(r.j))));
  }
  return dump;
}

/** Rows present in `after` but not in `before` (new rows, and the new state of changed ones). */
function written(before: Dump, after: Dump): { table: string; row: Record<string, unknown> }[] {
  const out: { table: string; row: Record<string, unknown> }[] = [];
  for (const [table, rows] of after) {
    for (const row of rows) {
      if (!before.get(table)?.has(row)) out.push({ table, row: JSON.parse(row) });
    }
  }
  return out;
}

const DATE = /^\d{4}-\d{2}-\d{2}([T ][\d:.]+([+-]\d{2}(:?\d{2})?|Z)?)?$/;

/**
 * The derived values in a row: every text of 8 characters or more that is not a date, and the
 * pieces of it between separators (a counter key "feature:c<hash>:window" shares its hash with
 * another feature's key, not its whole text).
 */
function derivedValues(row: Record<string, unknown>): string[] {
  const out = new Set<string>();
  const visit = (value: unknown) => {
    if (value === null || typeof value === "boolean" || typeof value === "number") return;
    if (Array.isArray(value)) return value.forEach(visit);
    if (typeof value === "object") return Object.values(value as object).forEach(visit);
    const text = String(value);
    if (DATE.test(text) || text.length < 8) return;
    out.add(text.replace(/^\\x/, ""));
    for (const piece of text.replace(/^\\x/, "").split(/[^A-Za-z0-9]+/))
      if (piece.length >= 8) out.add(piece);
  };
  visit(row);
  return [...out];
}

function shared(
  a: { table: string; row: Record<string, unknown> }[],
  b: { table: string; row: Record<string, unknown> }[],
): string[] {
  const found: string[] = [];
  for (const x of a) {
    for (const vx of derivedValues(x.row)) {
      for (const y of b) {
        for (const vy of derivedValues(y.row)) {
          if (vx.includes(vy) || vy.includes(vx)) found.push(`${x.table} ${vx} ~ ${y.table} ${vy}`);
        }
      }
    }
  }
  return found;
}

describe("what a copy of the database links", () => {
  it("shares no derived value between a member's rows and the same client's response", async () => {
    const ip = "203.0.113.77";
    const headers = { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Privacy/1.0" };
    const { surveyUuid } = await insertStudyWithSurvey();
    const start = await dumpEverything();

    const email = `dump-${randomUUID()}@example.org`;
    expect((await signUp(email, { ip })).status).toBe(200);
    const verified = await call(verifyRoute, {
      path: "/api/panel_user/verify_email",
      body: verificationParams(lastMailTo(email)),
      ip,
      headers,
    });
    expect(verified.status).toBe(200);
    expect((await memberByEmail(email))?.isVerified).toBe(true);
    const afterMember = await dumpEverything();

    const submitted = await call(submitRoute, {
      path: `/api/survey/${surveyUuid}/submit`,
      params: { surveyUuid },
      body: { answers: validAnswers(), submission_id: randomUUID() },
      ip,
      headers,
    });
    expect(submitted.status).toBe(200);
    const afterResponse = await dumpEverything();

    const memberRows = written(start, afterMember);
    const responseRows = written(afterMember, afterResponse);
    // Positive controls: the dumps did see both, with the values this test is about.
    expect(memberRows.some((r) => r.table.endsWith('"panel_users"'))).toBe(true);
    expect(responseRows.some((r) => r.table.endsWith('"survey_responses"'))).toBe(true);
    expect(responseRows.flatMap((r) => derivedValues(r.row)).length).toBeGreaterThan(3);
    const member = memberRows.find((r) => r.table.endsWith('"panel_users"'))!;
    expect(shared([member], [{ table: "copy", row: { v: member.row.stop_nonce } }])).not.toEqual(
      [],
    );

    expect(shared(memberRows, responseRows)).toEqual([]);
  });
});
