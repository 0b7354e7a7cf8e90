import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import * as verify from "@/app/api/panel_user/verify_email/route";
import * as submit from "@/app/api/survey/[surveyUuid]/submit/route";
import * as lookup from "@/app/api/survey/response/lookup/route";
import { getDb } from "@/db/client";
import { getConfig } from "@/lib/config";
import { clearMemoryOutbox } from "@/lib/mail/transports/memory";
import { call } from "../../helpers/http";
import { lastMailTo, memberByEmail, signUp, verificationParams } from "../panel/support";
import { insertStudyWithSurvey, validAnswers } from "../survey/support";

// What a copy of the database shows. One person, from one address, joins the panel, confirms,
// answers a survey and looks the answers up again; then every row of every table is read. No
// derived value (counter key, hash, token, ciphertext, nonce) may appear in two rows: nothing a
// database reader holds ties the member's rows to the response's.

const mode = getConfig().trustProxy ? "proxy" : "direct";
const IP = "198.51.100.42";
const EMAIL = "linkable.person@example.org";

beforeEach(() => clearMemoryOutbox());

type Row = { table: string; text: string };

async function everyRow(): Promise<Row[]> {
  const db = await getDb();
  const tables = (await db.execute(sql`
    select table_schema, table_name from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
  `)) as unknown as { rows?: Record<string, string>[] } & Record<string, string>[];
  const rows: Row[] = [];
  for (const t of (tables.rows ?? tables) as Record<string, string>[]) {
    const name = `"${t.table_schema}"."${t.table_name}"`;
    const res = (await db.execute(
      sql.raw(`select row_to_json(r)::text as text from ${name} r`),
    )) as unknown as { rows?: { text: string }[] } & { text: string }[];
    for (const r of (res.rows ?? res) as { text: string }[]) {
      rows.push({ table: t.table_name, text: r.text });
    }
  }
  return rows;
}

/** Every string in a row's values (not its column names), nested JSON included. */
function stringsIn(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) value.forEach((v) => stringsIn(v, out));
  else if (value && typeof value === "object")
    Object.values(value).forEach((v) => stringsIn(v, out));
  return out;
}

/**
 * The derived values in a row: runs of 12 or more token characters (hex, base32, base64, uuids)
 * in its values, split at ':' so a counter key's parts count on their own. Dates and times are
 * not derived values; neither are small integers or locale codes, which are shorter.
 */
function derivedValues(text: string): Set<string> {
  const values = new Set<string>();
  for (const part of stringsIn(JSON.parse(text)).flatMap((v) => v.split(":"))) {
    for (const match of part.match(/[A-Za-z0-9+/=_-]{12,}/g) ?? []) {
      if (/^\d{4}-\d{2}-\d{2}/.test(match)) continue;
      values.add(match);
    }
  }
  return values;
}

describe(`a copy of the database (TRUST_PROXY=${mode === "proxy" ? 1 : 0})`, () => {
  it("holds no derived value in two rows after one client joins the panel and answers a survey", async () => {
    expect((await signUp(EMAIL, { ip: IP })).status).toBe(200);
    const params = verificationParams(lastMailTo(EMAIL));
    const confirmed = await call(verify.POST, {
      body: {
        panel_user_id: Number(params.panel_user_id),
        verification_token: params.verification_token,
      },
      ip: IP,
    });
    expect(confirmed.status).toBe(200);
    const { surveyUuid } = await insertStudyWithSurvey();
    const submitted = await call(submit.POST, {
      body: { answers: validAnswers() },
      params: { surveyUuid },
      ip: IP,
    });
    expect(submitted.status).toBe(200);
    const token = submitted.body.token as string;
    expect((await call(lookup.POST, { body: { token }, ip: IP })).status).toBe(200);

    const rows = await everyRow();
    const member = await memberByEmail(EMAIL);
    expect(member?.isVerified).toBe(true);
    // Positive control: the scan sees the member's and the response's derived values, and the
    // counters the sign-up left.
    const memberRow = rows.find((r) => r.table === "panel_users" && r.text.includes(EMAIL))!;
    const responseRow = rows.find((r) => r.table === "survey_responses")!;
    expect(derivedValues(memberRow.text).size).toBeGreaterThan(0);
    expect(derivedValues(responseRow.text).size).toBeGreaterThanOrEqual(2);
    const counters = rows.filter((r) => r.table === "rate_limits");
    expect(counters.length).toBeGreaterThanOrEqual(mode === "proxy" ? 6 : 3);

    const seen = new Map<string, string>();
    const shared: string[] = [];
    rows.forEach((row, i) => {
      for (const value of derivedValues(row.text)) {
        const first = seen.get(value);
        if (first !== undefined && first !== `${i}`) shared.push(`${value} (${row.table})`);
        seen.set(value, `${i}`);
      }
    });
    expect(shared).toEqual([]);
    // Nor does any row hold the address, the token or the e-mail outside the member's own row.
    for (const row of rows) {
      expect(row.text).not.toContain(IP);
      expect(row.text).not.toContain(token);
      if (row !== memberRow) expect(row.text).not.toContain(EMAIL);
    }
    // Submissions leave no per-client counter in the database, only the site-wide ceiling.
    const submitCounters = counters
      .map((r) => (JSON.parse(r.text) as { key: string }).key.split(":")[0])
      .filter((feature) => feature.startsWith("survey-submit"));
    expect(submitCounters).toEqual(["survey-submit-site"]);
  });
});
