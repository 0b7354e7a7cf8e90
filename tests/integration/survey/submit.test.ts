import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as submitRoute } from "@/app/api/survey/[surveyUuid]/submit/route";
import { getDb } from "@/db/client";
import { rowsOf } from "@/db/rows";
import { studies, surveyResponses } from "@/db/schema";
import { sha256Hex } from "@/lib/crypto/tokens";
import { responseTokenHash } from "@/lib/responses/token";
import { POST as lookupRoute } from "@/app/api/survey/response/lookup/route";
import { studyResponses } from "@/lib/responses/export";
import { call } from "../../support/http";
import { insertStudyWithSurvey, nextIp, validAnswers } from "../../support/survey";
import { stopClock } from "../../support/clock";
import { countQueries } from "../../support/queries";

function submit(
  surveyUuid: string,
  body: unknown,
  o: { ip?: string; origin?: string | null } = {},
) {
  return call(submitRoute, {
    path: `/api/survey/${surveyUuid}/submit`,
    params: { surveyUuid },
    body,
    ip: o.ip ?? nextIp(),
    origin: o.origin,
  });
}

async function collectAll<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

async function responsesOf(studyId: number) {
  const db = await getDb();
  return db.select().from(surveyResponses).where(eq(surveyResponses.studyId, studyId));
}

function withAnswer(dataName: string, replacement: Record<string, unknown> | null) {
  const answers: Record<string, unknown>[] = validAnswers().filter((a) => a.data_name !== dataName);
  if (replacement) answers.push({ data_name: dataName, ...replacement });
  return { answers };
}

describe("POST /api/survey/{surveyUuid}/submit", () => {
  it("reads the survey and counts its rate limits in one statement, then stores in another", async () => {
    const { surveyUuid } = await insertStudyWithSurvey();
    // The first submission of a version also marks its questions as shown (once).
    expect((await submit(surveyUuid, { answers: validAnswers() })).status).toBe(200);
    const queries = countQueries();
    const res = await submit(surveyUuid, { answers: validAnswers() });
    const statements = queries.count();
    queries.restore();
    expect(res.status).toBe(200);
    expect(statements).toBe(2);
  });

  it("answers 404 code 14 for an unknown survey, its limits counted all the same", async () => {
    const db = await getDb();
    const site = async () =>
      rowsOf<{ count: number }>(
        await db.execute(
          sql`select coalesce(sum(count), 0)::int as count from rate_limits where key like 'survey-submit-site:%'`,
        ),
      )[0].count;
    const before = await site();
    const res = await submit(crypto.randomUUID(), { answers: validAnswers() });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe(14);
    expect(await site()).toBe(before + 1);
  });

  it("stores the response and answers a one-time token, without any cookie", async () => {
    const { studyId, surveyUuid } = await insertStudyWithSurvey();
    const res = await submit(surveyUuid, { answers: validAnswers() });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["token"]);
    expect(res.body.token).toMatch(/^[a-z2-7]{32}$/); // 160 bits
    expect(res.setCookies).toEqual([]);
    expect(res.headers.get("set-cookie")).toBeNull();

    const rows = await responsesOf(studyId);
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).toBe(responseTokenHash(res.body.token));
    expect(rows[0].tokenHash).not.toContain(res.body.token);
    expect(rows[0].submittedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("stores only ciphertext: neither an answer nor a question appears in the row", async () => {
    const { studyId, surveyUuid } = await insertStudyWithSurvey();
    const res = await submit(surveyUuid, { answers: validAnswers() });
    expect(res.status).toBe(200);
    const db = await getDb();
    // The raw bytes, read in SQL, not through the column's mapping.
    const result = await db.execute(
      sql`select encode(answers, 'escape') as raw, encode(answers, 'hex') as hex, row_to_json(r)::text as whole
          from survey_responses r where study_id = ${studyId}`,
    );
    const row = (Array.isArray(result) ? result[0] : (result as { rows: unknown[] }).rows[0]) as {
      raw: string;
      hex: string;
      whole: string;
    };
    for (const secret of ["A very private story 7f3a", "Friends", "What happened?", "story"]) {
      expect(row.raw).not.toContain(secret);
      expect(row.whole).not.toContain(secret);
      expect(row.hex).not.toContain(Buffer.from(secret).toString("hex"));
    }
    expect(row.whole).not.toContain(res.body.token);
  });

  it("gives every response its own token", async () => {
    const { studyId, surveyUuid } = await insertStudyWithSurvey();
    const a = await submit(surveyUuid, { answers: validAnswers() });
    const b = await submit(surveyUuid, { answers: validAnswers() });
    expect(a.body.token).not.toBe(b.body.token);
    expect(await responsesOf(studyId)).toHaveLength(2);
  });

  it("keeps nothing about the caller: no address, browser or time of day in any response column", async () => {
    const { studyId, surveyUuid } = await insertStudyWithSurvey();
    await submit(surveyUuid, { answers: validAnswers() }, { ip: "198.18.7.77" });
    const db = await getDb();
    const columns = await db.execute(
      sql`select column_name from information_schema.columns where table_name = 'survey_responses' order by column_name`,
    );
    const names = (Array.isArray(columns) ? columns : (columns as { rows: unknown[] }).rows).map(
      (c) => (c as { column_name: string }).column_name,
    );
    expect(names).toEqual([
      "answers",
      "answers_hash",
      "id",
      "key_id",
      "study_id",
      "submission_hash",
      "submitted_on",
      "token_hash",
      "version",
    ]);
    const [row] = await responsesOf(studyId);
    expect(JSON.stringify(row)).not.toContain("198.18.7.77");
    // Only the site-wide ceiling is counted in the database: no per-client counter of a
    // submission exists there (it lives in the instance's memory).
    const limits = await db.execute(sql`select key from rate_limits`);
    const keys = (Array.isArray(limits) ? limits : (limits as { rows: unknown[] }).rows).map(
      (r) => (r as { key: string }).key,
    );
    expect(keys.filter((k) => k.startsWith("survey-submit")).map((k) => k.split(":")[0])).toEqual([
      "survey-submit-site",
    ]);
    expect(keys.join(" ")).not.toContain("198.18.7.77");
    expect(keys.join(" ")).not.toContain(sha256Hex("198.18.7.77"));
  });

  it("accepts a blank or missing optional question and leaves it out", async () => {
    const { studyId, surveyUuid } = await insertStudyWithSurvey();
    const blank = await submit(surveyUuid, {
      answers: [
        ...validAnswers(),
        { type: "open_question", data_name: "remarks", open_answer: "  " },
      ],
    });
    expect(blank.status).toBe(200);
    const missing = await submit(surveyUuid, { answers: validAnswers() });
    expect(missing.status).toBe(200);
    // Read back what was stored: the blank answer is not among it, the others are.
    const stored = await collectAll(studyResponses(studyId));
    expect(stored).toHaveLength(2);
    for (const response of stored) {
      expect(response.answers.map((a) => a.data_name)).toEqual([
        "story",
        "place",
        "help",
        "impact",
      ]);
    }
    const own = await call(lookupRoute, {
      path: "/api/survey/response/lookup",
      body: { token: blank.body.token },
      ip: nextIp(),
    });
    expect(own.status).toBe(200);
    expect(own.body.answers.some((a: { data_name: string }) => a.data_name === "remarks")).toBe(
      false,
    );
  });

  it.each(["not_started", "finished", "invisible"] as const)(
    "refuses with 409 code 20 while the study is %s, and stores nothing",
    async (status) => {
      const { studyId, surveyUuid } = await insertStudyWithSurvey({ status });
      const res = await submit(surveyUuid, { answers: validAnswers() });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: { code: 20, message: "The study is not open" } });
      expect(await responsesOf(studyId)).toHaveLength(0);
    },
  );

  it("refuses once the study has closed", async () => {
    const { studyId, surveyUuid } = await insertStudyWithSurvey();
    const db = await getDb();
    await db.update(studies).set({ status: "finished" }).where(eq(studies.id, studyId));
    const res = await submit(surveyUuid, { answers: validAnswers() });
    expect(res.body.error.code).toBe(20);
  });

  it("answers 404 code 14 for an unknown survey and 400 code 22 for a malformed id", async () => {
    const unknown = await submit("8a3c2f4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b", {
      answers: validAnswers(),
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe(14);
    const malformed = await submit("nope", { answers: validAnswers() });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe(22);
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ["a required open question left out", withAnswer("story", null), "steps.0.blocks.1"],
    [
      "a required open question answered with blanks",
      withAnswer("story", { type: "open_question", open_answer: " \n " }),
      "steps.0.blocks.1",
    ],
    ["a multiple-choice question left out", withAnswer("place", null), "steps.1.blocks.0"],
    [
      "a multiple-choice question with no option",
      withAnswer("help", { type: "multiple_choice", selected_options: [] }),
      "steps.1.blocks.1",
    ],
    ["a scale left out", withAnswer("impact", null), "steps.1.blocks.2"],
    [
      "an option that is not among the options",
      withAnswer("place", { type: "multiple_choice", selected_options: ["Elsewhere"] }),
      "steps.1.blocks.0",
    ],
    [
      "two options where only one is allowed",
      withAnswer("place", { type: "multiple_choice", selected_options: ["Home", "Work"] }),
      "steps.1.blocks.0",
    ],
    [
      "the same option twice",
      withAnswer("help", { type: "multiple_choice", selected_options: ["Family", "Family"] }),
      "steps.1.blocks.1",
    ],
    [
      "a scale value above the maximum",
      withAnswer("impact", { type: "scale", scale_value: 6 }),
      "steps.1.blocks.2",
    ],
    [
      "a scale value below the minimum",
      withAnswer("impact", { type: "scale", scale_value: 0 }),
      "steps.1.blocks.2",
    ],
    [
      "an answer of the wrong type",
      withAnswer("impact", { type: "open_question", open_answer: "4" }),
      "steps.1.blocks.2",
    ],
    [
      "an unknown data name",
      { answers: [...validAnswers(), { type: "scale", data_name: "ghost", scale_value: 3 }] },
      "answers.4",
    ],
    [
      "an answer for a text block",
      {
        answers: [
          ...validAnswers(),
          { type: "open_question", data_name: "intro", open_answer: "x" },
        ],
      },
      "answers.4",
    ],
    [
      "the same question answered twice",
      { answers: [...validAnswers(), { type: "scale", data_name: "impact", scale_value: 2 }] },
      "answers.4",
    ],
    [
      "a fractional scale value",
      withAnswer("impact", { type: "scale", scale_value: 2.5 }),
      "answers",
    ],
    [
      "an answer type that does not exist",
      withAnswer("impact", { type: "slider", scale_value: 2 }),
      "answers",
    ],
    ["answers that are not a list", { answers: "all of them" }, "answers"],
  ];

  it.each(invalid)("refuses %s with 400 code 22 and stores nothing", async (_name, body, field) => {
    const { studyId, surveyUuid } = await insertStudyWithSurvey();
    const res = await submit(surveyUuid, body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(22);
    const fields = Object.keys(res.body.error.fields ?? {});
    expect(fields.some((f) => f === field || f.startsWith(`${field}.`))).toBe(true);
    expect(await responsesOf(studyId)).toHaveLength(0);
  });

  it("names the required-answer problems with the product's texts", async () => {
    const { surveyUuid } = await insertStudyWithSurvey();
    const res = await submit(surveyUuid, { answers: [] });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({
      "steps.0.blocks.1": "please fill in your answer",
      "steps.1.blocks.0": "please select at least one option",
      "steps.1.blocks.1": "please select at least one option",
      "steps.1.blocks.2": "please give your answer",
    });
  });

  it("refuses a call from another origin with 403 code 26", async () => {
    const { studyId, surveyUuid } = await insertStudyWithSurvey();
    const res = await submit(
      surveyUuid,
      { answers: validAnswers() },
      { origin: "https://evil.example" },
    );
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe(26);
    expect(await responsesOf(studyId)).toHaveLength(0);
  });

  it("limits submissions per client with 429 code 23", async () => {
    stopClock();
    const { studyId, surveyUuid } = await insertStudyWithSurvey();
    const ip = "198.18.0.60";
    for (let i = 0; i < 60; i++) {
      const ok = await submit(surveyUuid, { answers: validAnswers() }, { ip });
      expect(ok.status).toBe(200);
    }
    const refused = await submit(surveyUuid, { answers: validAnswers() }, { ip });
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe(23);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await responsesOf(studyId)).toHaveLength(60);
    // Somebody else is not affected.
    expect((await submit(surveyUuid, { answers: validAnswers() })).status).toBe(200);
  });
});
