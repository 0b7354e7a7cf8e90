import { and, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as getSurveyRoute, PUT as putSurveyRoute } from "@/app/api/study/[id]/survey/route";
import { POST as submitRoute } from "@/app/api/survey/[surveyUuid]/submit/route";
import { getDb } from "@/db/client";
import { auditLog, surveyResponses } from "@/db/schema";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { CODEBOOK_HEADER, MISSING_VALUES_TEXT as MISSING } from "@/lib/responses/export-table";
import { sealedResponseRow } from "@/lib/responses/sealed-answers";
import type { EditorSurvey } from "@/lib/surveys/editor-schemas.shared";
import type { Step } from "@/lib/surveys/schema.shared";
import { call } from "../../support/http";
import { staffWithSession } from "../../support/staff";
import { stopClock } from "../../support/clock";
import { exportRequest as requestExport } from "../../support/export-request";
import { parseCsv } from "../../support/csv";
import { insertStudyWithSurvey, nextIp, sampleSteps } from "../../support/survey";

let staff: string;

beforeAll(async () => {
  staff = (await staffWithSession()).cookie;
});

/** The export as staff ask for it (`cookie` null: signed out). */
const exportRequest = (
  studyId: number,
  query = "",
  cookie: string | null = staff,
  method: "GET" | "HEAD" = "GET",
) => requestExport(studyId, query, cookie, method);

async function submit(surveyUuid: string, answers: unknown[]) {
  const res = await call(submitRoute, {
    path: `/api/survey/${surveyUuid}/submit`,
    params: { surveyUuid },
    body: { answers },
    ip: nextIp(),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const HEADER = [
  "response_id",
  "submitted_on",
  "story",
  "place",
  "help",
  "impact",
  "age",
  "remarks",
];

/**
 * A study with three responses, after which 'remarks' was deleted from the survey and a new
 * question 'age' added, both through the editor's call.
 */
async function studyWithHistory(name = "Export study") {
  const { studyId, surveyUuid } = await insertStudyWithSurvey({ name, status: "open" });
  await submit(surveyUuid, [
    { type: "open_question", data_name: "story", open_answer: '=HYPERLINK("http://evil","x")' },
    { type: "open_question", data_name: "remarks", open_answer: "-- nothing more" },
    { type: "multiple_choice", data_name: "place", selected_options: ["Work"] },
    { type: "multiple_choice", data_name: "help", selected_options: ["Friends", "Family"] },
    { type: "scale", data_name: "impact", scale_value: 4 },
  ]);
  await submit(surveyUuid, [
    { type: "open_question", data_name: "story", open_answer: 'plain, with "quotes"\nand a line' },
    { type: "multiple_choice", data_name: "place", selected_options: ["Home"] },
    { type: "multiple_choice", data_name: "help", selected_options: ["Nobody"] },
    { type: "scale", data_name: "impact", scale_value: 1 },
  ]);
  await submit(surveyUuid, [
    { type: "open_question", data_name: "story", open_answer: "@SUM(A1)" },
    { type: "open_question", data_name: "remarks", open_answer: "+31 6 1234" },
    { type: "multiple_choice", data_name: "place", selected_options: ["Work"] },
    { type: "multiple_choice", data_name: "help", selected_options: ["Family"] },
    { type: "scale", data_name: "impact", scale_value: 5 },
  ]);

  const loaded = await call<EditorSurvey>(getSurveyRoute, {
    path: `/api/study/${studyId}/survey`,
    params: { id: String(studyId) },
    cookie: staff,
  });
  const steps: Step[] = sampleSteps();
  steps[0].blocks = steps[0].blocks.filter((b) => b.data_name !== "remarks");
  steps[1].blocks.push({
    type: "scale",
    is_required: true,
    data_name: "age",
    order: 3,
    question_text: "=1+1 how old?",
    min_value: 0,
    max_value: 10,
    min_label: "",
    max_label: "",
  });
  const saved = await call(putSurveyRoute, {
    method: "PUT",
    path: `/api/study/${studyId}/survey`,
    params: { id: String(studyId) },
    body: { ...loaded.body, steps },
    cookie: staff,
  });
  expect(saved.status).toBe(200);
  return { studyId, surveyUuid };
}

type Row = (string | number | null)[];

function sheetRows(sheet: ExcelJS.Worksheet, width: number): Row[] {
  const rows: Row[] = [];
  sheet.eachRow((row) => {
    const cells: Row = [];
    for (let c = 1; c <= width; c++) {
      const value = row.getCell(c).value;
      cells.push(value === undefined || value === null ? null : (value as string | number));
    }
    rows.push(cells);
  });
  return rows;
}

// The file is named by the day of the request, on the clock the tests stop (stopClock).
const today = () => new Date().toISOString().slice(0, 10);

describe("GET /api/study/{id}/responses/export", () => {
  it("answers 401 code 25 without a session", async () => {
    const { studyId } = await insertStudyWithSurvey();
    const res = await exportRequest(studyId, "", null);
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe(ErrorCode.NOT_SIGNED_IN);
  });

  it("answers 404 code 14 for a missing study and 400 code 22 for an unknown format", async () => {
    const missing = await exportRequest(987_654);
    expect(missing.status).toBe(404);
    expect((await missing.json()).error.code).toBe(ErrorCode.NOT_FOUND);
    const { studyId } = await insertStudyWithSurvey();
    const bad = await exportRequest(studyId, "?format=pdf");
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.code).toBe(ErrorCode.INVALID_INPUT);
  });

  it("with check=1 answers 204 and no body when the export would start, else its refusal", async () => {
    const { studyId } = await studyWithHistory("Checked study");
    const ok = await exportRequest(studyId, "?check=1");
    expect(ok.status).toBe(204);
    expect(ok.headers.get("content-disposition")).toBeNull();
    expect(await ok.text()).toBe("");

    const missing = await exportRequest(987_654, "?check=1");
    expect(missing.status).toBe(404);
    expect((await missing.json()).error.code).toBe(ErrorCode.NOT_FOUND);
    const anonymous = await exportRequest(studyId, "?check=1", null);
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).error.code).toBe(ErrorCode.NOT_SIGNED_IN);
    const bad = await exportRequest(studyId, "?check=yes");
    expect(bad.status).toBe(400);
  });

  it("answers a HEAD with the download's headers alone, and audits no export", async () => {
    const { studyId } = await studyWithHistory("Head study");
    const exports = async () =>
      (
        await (
          await getDb()
        )
          .select({ id: auditLog.id })
          .from(auditLog)
          .where(and(eq(auditLog.action, "responses_exported"), eq(auditLog.targetId, studyId)))
      ).length;

    const head = await exportRequest(studyId, "?format=csv", staff, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(head.headers.get("content-disposition")).toContain("Head study-responses-");
    expect(head.body).toBeNull();
    expect(await exports()).toBe(0);

    const missing = await exportRequest(987_654, "", staff, "HEAD");
    expect(missing.status).toBe(404);
    expect((await exportRequest(studyId, "", null, "HEAD")).status).toBe(401);

    const download = await exportRequest(studyId, "?format=csv");
    expect(download.status).toBe(200);
    await download.text();
    expect(await exports()).toBe(1);
  });

  it("streams an xlsx with the responses, retired columns and the codebook", async () => {
    stopClock();
    const { studyId } = await studyWithHistory();
    const res = await exportRequest(studyId);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="Export study-responses-${today()}.xlsx"; filename*=UTF-8''Export%20study-responses-${today()}.xlsx`,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    expect(workbook.worksheets.map((w) => w.name)).toEqual(["responses", "codebook"]);

    const rows = sheetRows(workbook.getWorksheet("responses")!, HEADER.length);
    expect(rows[0]).toEqual(HEADER);
    const data = rows.slice(1);
    expect(data).toHaveLength(3);
    const ids = data.map((r) => r[0]);
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    // Not the database's ids.
    const db = await getDb();
    const stored = await db
      .select({ id: surveyResponses.id, submittedOn: surveyResponses.submittedOn })
      .from(surveyResponses)
      .where(eq(surveyResponses.studyId, studyId));
    expect(stored.map((r) => r.id)).not.toContain(ids[0]);
    // The day each was stored, by the database's clock (its `current_date`).
    expect(data.map((r) => r[1]).sort()).toEqual(stored.map((r) => r.submittedOn).sort());

    const byStory = new Map(data.map((r) => [r[2], r.slice(2)]));
    expect(byStory.get(`'=HYPERLINK("http://evil","x")`)).toEqual([
      `'=HYPERLINK("http://evil","x")`,
      "Work",
      "Friends; Family",
      4,
      null,
      "'-- nothing more",
    ]);
    expect(byStory.get('plain, with "quotes"\nand a line')).toEqual([
      'plain, with "quotes"\nand a line',
      "Home",
      "Nobody",
      1,
      null,
      -99,
    ]);
    expect(byStory.get("'@SUM(A1)")).toEqual([
      "'@SUM(A1)",
      "Work",
      "Family",
      5,
      null,
      "'+31 6 1234",
    ]);

    const codebook = sheetRows(workbook.getWorksheet("codebook")!, 14);
    expect(codebook).toEqual([
      CODEBOOK_HEADER,
      [
        "story",
        1,
        "open_question",
        "What happened?",
        null,
        null,
        "yes",
        null,
        null,
        null,
        null,
        "no",
        "always",
        MISSING,
      ],
      [
        "place",
        2,
        "multiple_choice",
        "Where?",
        "Home; Work",
        "no",
        "yes",
        null,
        null,
        null,
        null,
        "no",
        "always",
        MISSING,
      ],
      [
        "help",
        2,
        "multiple_choice",
        "Who helped?",
        "Friends; Family; Nobody",
        "yes",
        "yes",
        null,
        null,
        null,
        null,
        "no",
        "always",
        MISSING,
      ],
      [
        "impact",
        2,
        "scale",
        "How big was the impact?",
        null,
        null,
        "yes",
        1,
        5,
        "small",
        "big",
        "no",
        "always",
        MISSING,
      ],
      [
        "age",
        2,
        "scale",
        "'=1+1 how old?",
        null,
        null,
        "yes",
        0,
        10,
        null,
        null,
        "no",
        "always",
        MISSING,
      ],
      [
        "remarks",
        1,
        "open_question",
        "Anything else?",
        null,
        null,
        "no",
        null,
        null,
        null,
        null,
        "yes",
        "always",
        MISSING,
      ],
    ]);
  });

  it("gives the same table as CSV: UTF-8 with BOM, every field quoted, escaped", async () => {
    stopClock();
    const { studyId } = await studyWithHistory();
    const res = await exportRequest(studyId, "?format=csv");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toContain(
      `filename="Export study-responses-${today()}.csv"`,
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(text.startsWith('\uFEFF"response_id","submitted_on","story",')).toBe(true);
    const rows = parseCsv(text.slice(1));
    expect(rows[0]).toEqual(HEADER);
    const byStory = new Map(rows.slice(1).map((r) => [r[2], r.slice(2)]));
    expect(rows).toHaveLength(4);
    expect(byStory.get(`'=HYPERLINK("http://evil","x")`)).toEqual([
      `'=HYPERLINK("http://evil","x")`,
      "Work",
      "Friends; Family",
      "4",
      "",
      "'-- nothing more",
    ]);
    expect(byStory.get('plain, with "quotes"\nand a line')).toEqual([
      'plain, with "quotes"\nand a line',
      "Home",
      "Nobody",
      "1",
      "",
      "-99",
    ]);
    expect(byStory.get("'@SUM(A1)")).toEqual([
      "'@SUM(A1)",
      "Work",
      "Family",
      "5",
      "",
      "'+31 6 1234",
    ]);
    expect(text).toContain(`"plain, with ""quotes""\nand a line"`);
  });

  it("names the file after a non-ASCII study name, safely", async () => {
    stopClock();
    const { studyId } = await insertStudyWithSurvey({ name: 'Grenzen — één "studie" / 2026' });
    const res = await exportRequest(studyId);
    expect(res.status).toBe(200);
    const header = res.headers.get("content-disposition")!;
    const [, ascii] = header.match(/filename="([^"]*)"/)!;
    expect(ascii).toMatch(/^[A-Za-z0-9 ._()-]+$/);
    expect(ascii).toBe(`Grenzen _ een _studie_ _ 2026-responses-${today()}.xlsx`);
    const [, encoded] = header.match(/filename\*=UTF-8''(\S+)$/)!;
    expect(decodeURIComponent(encoded)).toBe(
      `Grenzen — één _studie_ _ 2026-responses-${today()}.xlsx`,
    );
    await res.arrayBuffer();
  });

  it("gives an empty study its header and codebook", async () => {
    const { studyId } = await insertStudyWithSurvey({ name: "Empty" });
    const res = await exportRequest(studyId);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    const rows = sheetRows(workbook.getWorksheet("responses")!, 8);
    expect(rows).toEqual([
      ["response_id", "submitted_on", "story", "remarks", "place", "help", "impact", null],
    ]);
    expect(sheetRows(workbook.getWorksheet("codebook")!, 1)).toHaveLength(6);
  });
});

describe("a large export", () => {
  const COUNT = 6_000;

  async function bigStudy() {
    const { studyId } = await insertStudyWithSurvey({ name: "Big" });
    const db = await getDb();
    const answers = [
      {
        type: "open_question" as const,
        data_name: "story",
        open_answer: "x".repeat(200),
        question_text: "Q",
      },
      { type: "scale" as const, data_name: "impact", scale_value: 3, question_text: "S" },
    ];
    for (let i = 0; i < COUNT; i += 1000) {
      await db.insert(surveyResponses).values(
        Array.from({ length: Math.min(1000, COUNT - i) }, (_, j) => ({
          ...sealedResponseRow(studyId, answers),
          tokenHash: `big-${studyId}-${i + j}`,
        })),
      );
    }
    return studyId;
  }

  it("answers other requests while it streams", async () => {
    const studyId = await bigStudy();
    const res = await exportRequest(studyId, "?format=csv");
    const reader = res.body!.getReader();
    let exportDone = 0;
    let lines = 0;
    const reading = (async () => {
      const decoder = new TextDecoder();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        lines += decoder.decode(value, { stream: true }).split("\r\n").length - 1;
      }
      exportDone = performance.now();
    })();
    // Once the first bytes are out, ask for something else.
    while (lines === 0) await new Promise((r) => setTimeout(r, 1));
    const other = await call(getSurveyRoute, {
      path: `/api/study/${studyId}/survey`,
      params: { id: String(studyId) },
      cookie: staff,
    });
    const otherDone = performance.now();
    expect(other.status).toBe(200);
    expect(other.body.response_count).toBe(COUNT);
    expect(exportDone).toBe(0);
    await reading;
    expect(otherDone).toBeLessThan(exportDone);
    expect(lines).toBe(COUNT + 1);
  });

  it("stops reading when the download is cancelled", async () => {
    const studyId = await bigStudy();
    const res = await exportRequest(studyId);
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    await reader.cancel();
    // The database is free for the next call.
    const other = await call(getSurveyRoute, {
      path: `/api/study/${studyId}/survey`,
      params: { id: String(studyId) },
      cookie: staff,
    });
    expect(other.status).toBe(200);
  });
});
