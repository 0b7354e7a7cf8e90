import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import * as verify from "@/app/api/panel_user/verify_email/route";
import * as submit from "@/app/api/survey/[surveyUuid]/submit/route";
import * as lookup from "@/app/api/survey/response/lookup/route";
import { getDb } from "@/db/client";
import { getConfig } from "@/config";
import { clearMemoryOutbox } from "@/lib/mail/transports/memory";
import { call } from "../../support/http";
import { lastMailTo, memberByEmail, signUp, verificationParams } from "../../support/panel";
import { insertStudyWithSurvey, validAnswers } from "../../support/survey";

/**
 * What a copy of the database links. One client (one address, one browser) joins the panel,
 * confirms, answers a survey and looks the answers up again; every table is dumped before the
 * sign-up, after the confirmation and at the end. Two checks, with two notions of a derived value
 * (counter key, hash, token, ciphertext, nonce):
 * - across the whole final dump, no run of 12 or more token characters stands in two rows, so
 *   not even the rows of one step (a member's row and the counters its sign-up left) share one;
 * - between the rows the sign-up wrote and the rows the submission wrote, no text of 8 characters
 *   or more, nor a piece of it, contains another: a looser match for the pair that matters most.
 * Small integers, dates and locale codes are not derived values.
 */

const mode = getConfig().trustProxy ? "proxy" : "direct";
const IP = "198.51.100.42";
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) Privacy/1.0";
const headers = { "user-agent": BROWSER };

beforeEach(() => clearMemoryOutbox());

type Dump = Map<string, Set<string>>; // table → rows as JSON text
type Row = { table: string; row: Record<string, unknown> };

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

/** Every row of a dump. */
function everyRow(dump: Dump): Row[] {
  return [...dump].flatMap(([table, rows]) =>
    [...rows].map((text) => ({ table, row: JSON.parse(text) as Record<string, unknown> })),
  );
}

/** Rows present in `after` but not in `before` (new rows, and the new state of changed ones). */
function written(before: Dump, after: Dump): Row[] {
  const out: Row[] = [];
  for (const [table, rows] of after) {
    for (const text of rows) {
      if (!before.get(table)?.has(text)) out.push({ table, row: JSON.parse(text) });
    }
  }
  return out;
}

/** Every string in a row's values (not its column names), nested JSON included. */
function stringsIn(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) value.forEach((v) => stringsIn(v, out));
  else if (value && typeof value === "object")
    Object.values(value).forEach((v) => stringsIn(v, out));
  return out;
}

const DATE = /^\d{4}-\d{2}-\d{2}([T ][\d:.]+([+-]\d{2}(:?\d{2})?|Z)?)?$/;

/**
 * For the whole-dump check: runs of 12 or more token characters (hex, base32, base64, uuids),
 * split at ':' so a counter key's parts count on their own. Dates are not tokens.
 */
function tokens(row: Record<string, unknown>): Set<string> {
  const values = new Set<string>();
  for (const part of stringsIn(row).flatMap((v) => v.split(":"))) {
    for (const match of part.match(/[A-Za-z0-9+/=_-]{12,}/g) ?? []) {
      if (/^\d{4}-\d{2}-\d{2}/.test(match)) continue;
      values.add(match);
    }
  }
  return values;
}

/**
 * For the sign-up-against-submission check: every text of 8 characters or more that is not a
 * date, and the pieces of it between separators (a counter key "feature:c<hash>:window" shares
 * its hash with another feature's key, not its whole text).
 */
function fragments(row: Record<string, unknown>): string[] {
  const out = new Set<string>();
  for (const value of stringsIn(row)) {
    if (DATE.test(value) || value.length < 8) continue;
    const text = value.replace(/^\\x/, "");
    out.add(text);
    for (const piece of text.split(/[^A-Za-z0-9]+/)) if (piece.length >= 8) out.add(piece);
  }
  return [...out];
}

/** Pairs of fragments, one from `a` and one from `b`, of which one contains the other. */
function overlapping(a: Row[], b: Row[]): string[] {
  const found: string[] = [];
  for (const x of a) {
    for (const vx of fragments(x.row)) {
      for (const y of b) {
        for (const vy of fragments(y.row)) {
          if (vx.includes(vy) || vy.includes(vx)) found.push(`${x.table} ${vx} ~ ${y.table} ${vy}`);
        }
      }
    }
  }
  return found;
}

/** Tokens that stand in two rows, with the table of the second. */
function sharedTokens(rows: Row[]): string[] {
  const seen = new Map<string, number>();
  const shared: string[] = [];
  rows.forEach(({ table, row }, i) => {
    for (const value of tokens(row)) {
      const first = seen.get(value);
      if (first !== undefined && first !== i) shared.push(`${value} (${table})`);
      seen.set(value, i);
    }
  });
  return shared;
}

const isTable = (name: string) => (r: Row) => r.table.endsWith(`"${name}"`);

describe(`a copy of the database (TRUST_PROXY=${mode === "proxy" ? 1 : 0})`, () => {
  it("links no member to the same client's response", async () => {
    const { surveyUuid } = await insertStudyWithSurvey();
    const start = await dumpEverything();

    const email = `dump-${randomUUID()}@example.org`;
    expect((await signUp(email, { ip: IP })).status).toBe(200);
    const params = verificationParams(lastMailTo(email));
    const confirmed = await call(verify.POST, {
      path: "/api/panel_user/verify_email",
      body: {
        panel_user_id: Number(params.panel_user_id),
        verification_token: params.verification_token,
      },
      ip: IP,
      headers,
    });
    expect(confirmed.status).toBe(200);
    expect((await memberByEmail(email))?.isVerified).toBe(true);
    const afterMember = await dumpEverything();

    const submitted = await call(submit.POST, {
      path: `/api/survey/${surveyUuid}/submit`,
      params: { surveyUuid },
      body: { answers: validAnswers(), submission_id: randomUUID() },
      ip: IP,
      headers,
    });
    expect(submitted.status).toBe(200);
    const token = submitted.body.token as string;
    expect((await call(lookup.POST, { body: { token }, ip: IP, headers })).status).toBe(200);
    const end = await dumpEverything();

    const rows = everyRow(end);
    const memberRows = written(start, afterMember);
    const responseRows = written(afterMember, end);
    const counters = rows.filter(isTable("rate_limits"));

    // Positive controls: the dumps see the member's and the response's derived values, the
    // counters the sign-up left, and a copied value would be found.
    const member = memberRows.find(isTable("panel_users"))!;
    const response = responseRows.find(isTable("survey_responses"))!;
    expect(member.row.email).toBe(email);
    expect(response).toBeDefined();
    expect(tokens(member.row).size).toBeGreaterThan(0);
    expect(tokens(response.row).size).toBeGreaterThanOrEqual(2);
    expect(responseRows.flatMap((r) => fragments(r.row)).length).toBeGreaterThan(3);
    expect(counters.length).toBeGreaterThanOrEqual(mode === "proxy" ? 6 : 3);
    expect(
      overlapping([member], [{ table: "copy", row: { v: member.row.stop_nonce } }]),
    ).not.toEqual([]);
    expect(
      sharedTokens([member, { table: "copy", row: { v: member.row.stop_nonce } }]),
    ).not.toEqual([]);

    expect(sharedTokens(rows)).toEqual([]);
    expect(overlapping(memberRows, responseRows)).toEqual([]);

    // Nor does any row hold the address, the browser, the token, or the e-mail address outside
    // the member's own row.
    for (const { table, row } of rows) {
      const text = JSON.stringify(row);
      expect(text).not.toContain(IP);
      expect(text).not.toContain(BROWSER);
      expect(text).not.toContain(token);
      if (!(table.endsWith('"panel_users"') && row.id === member.row.id))
        expect(text).not.toContain(email);
    }
    // Submissions leave no per-client counter in the database, only the site-wide ceiling.
    const submitCounters = counters
      .map(({ row }) => String(row.key).split(":")[0])
      .filter((feature) => feature.startsWith("survey-submit"));
    expect(submitCounters).toEqual(["survey-submit-site"]);
  });
});
