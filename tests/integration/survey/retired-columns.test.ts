import ExcelJS from "exceljs";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as exportRoute } from "@/app/api/study/[id]/responses/export/route";
import { GET as getSurveyRoute, PUT as putSurveyRoute } from "@/app/api/study/[id]/survey/route";
import { POST as submitRoute } from "@/app/api/survey/[surveyUuid]/submit/route";
import { getDb } from "@/db/client";
import { surveyQuestions } from "@/db/schema";
import type { EditorSurvey } from "@/lib/surveys/editor-schemas.shared";
import type { Block, Step } from "@/lib/surveys/schema.shared";
import { APP_ORIGIN, call } from "../../support/http";
import { staffWithSession } from "../../support/staff";
import { insertStudyWithSurvey, nextIp, sampleSteps, storedSurvey } from "../../support/survey";

// The editor saves while staff type, so a new question is stored under its default name
// ('question_7') before it is renamed. Such a name was never shown to anyone: it must not become
// an empty "retired" column. A question some response was shown keeps its column when it goes.

let staff: string;

beforeAll(async () => {
  staff = (await staffWithSession()).cookie;
});

async function put(studyId: number, steps: Step[], version: number): Promise<EditorSurvey> {
  const res = await call<EditorSurvey>(putSurveyRoute, {
    method: "PUT",
    path: `/api/study/${studyId}/survey`,
    params: { id: String(studyId) },
    body: { ...(await loaded(studyId)), steps, version },
    cookie: staff,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function loaded(studyId: number): Promise<EditorSurvey> {
  const res = await call<EditorSurvey>(getSurveyRoute, {
    path: `/api/study/${studyId}/survey`,
    params: { id: String(studyId) },
    cookie: staff,
  });
  expect(res.status).toBe(200);
  return res.body;
}

async function submit(surveyUuid: string, answers: unknown[]) {
  const res = await call(submitRoute, {
    path: `/api/survey/${surveyUuid}/submit`,
    params: { surveyUuid },
    body: { answers },
    ip: nextIp(),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

function exportOf(studyId: number, query: string) {
  const req = new Request(`${APP_ORIGIN}/api/study/${studyId}/responses/export${query}`, {
    headers: { cookie: staff, "x-forwarded-for": "203.0.113.9" },
  });
  return exportRoute(req, { params: Promise.resolve({ id: String(studyId) }) });
}

/** The CSV's rows (every field is quoted; none of these holds a comma or a line break). */
async function csvRows(studyId: number): Promise<string[][]> {
  const res = await exportOf(studyId, "?format=csv");
  expect(res.status).toBe(200);
  const text = (await res.text()).replace(/^\uFEFF/, "");
  return text
    .split("\r\n")
    .filter((line) => line !== "")
    .map((line) => line.split(",").map((cell) => cell.replace(/^"|"$/g, "")));
}

/** The codebook's data names with their "retired" cell. */
async function codebook(studyId: number): Promise<[string, string][]> {
  const res = await exportOf(studyId, "");
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await res.arrayBuffer());
  const rows: [string, string][] = [];
  workbook.getWorksheet("codebook")!.eachRow((row, n) => {
    if (n > 1) rows.push([String(row.getCell(1).value), String(row.getCell(12).value)]);
  });
  return rows;
}

const openQuestion = (data_name: string, order: number): Block => ({
  type: "open_question",
  data_name,
  order,
  question_text: "How old are you?",
  is_required: false,
});

describe("retired columns of the export", () => {
  it("leave out a default name the autosave stored before it was renamed, and keep shown ones", async () => {
    const { studyId, surveyUuid } = await insertStudyWithSurvey({ status: "open" });
    const steps = sampleSteps();
    // Typed in the editor: saved first under the default name, then renamed.
    steps[1].blocks.push(openQuestion("question_7", 3));
    let saved = await put(studyId, steps, 0);
    steps[1].blocks[3] = openQuestion("age", 3);
    saved = await put(studyId, steps, saved.version);

    // One response, shown every question; 'remarks' left unanswered.
    await submit(surveyUuid, [
      { type: "open_question", data_name: "story", open_answer: "told" },
      { type: "multiple_choice", data_name: "place", selected_options: ["Home"] },
      { type: "multiple_choice", data_name: "help", selected_options: ["Nobody"] },
      { type: "scale", data_name: "impact", scale_value: 2 },
      { type: "open_question", data_name: "age", open_answer: "41" },
    ]);
    // Then 'remarks' is removed and 'age' renamed: both were shown, both keep a column.
    steps[0].blocks = steps[0].blocks.filter((b) => b.data_name !== "remarks");
    steps[1].blocks[3] = openQuestion("age_years", 3);
    saved = await put(studyId, steps, saved.version);
    // And another default name, typed over before anyone answered.
    steps[1].blocks.push(openQuestion("question_8", 4));
    saved = await put(studyId, steps, saved.version);
    steps[1].blocks[4] = openQuestion("why", 4);
    await put(studyId, steps, saved.version);

    const rows = await csvRows(studyId);
    expect(rows[0]).toEqual([
      "response_id",
      "submitted_on",
      "story",
      "place",
      "help",
      "impact",
      "age_years",
      "why",
      "remarks",
      "age",
    ]);
    expect(rows).toHaveLength(2);
    // Not shown under today's names: empty; 'remarks' shown and unanswered: -99; 'age' answered.
    expect(rows[1].slice(2)).toEqual(["told", "Home", "Nobody", "2", "", "", "-99", "41"]);

    expect(await codebook(studyId)).toEqual([
      ["story", "no"],
      ["place", "no"],
      ["help", "no"],
      ["impact", "no"],
      ["age_years", "no"],
      ["why", "no"],
      ["remarks", "yes"],
      ["age", "yes"],
    ]);

    // The names stay recorded (nothing is removed), marked as never shown to a response.
    const db = await getDb();
    const { id: surveyId } = await storedSurvey(studyId);
    const marks = await db
      .select({ dataName: surveyQuestions.dataName, inResponses: surveyQuestions.inResponses })
      .from(surveyQuestions)
      .where(and(eq(surveyQuestions.surveyId, surveyId)));
    expect(Object.fromEntries(marks.map((m) => [m.dataName, m.inResponses]))).toMatchObject({
      question_7: false,
      question_8: false,
      remarks: true,
      age: true,
      why: false,
    });
  });

  it("keep the columns of a survey's first recorded questions once it has responses", async () => {
    // Stored before its questions were recorded (as the demo seed writes it), answered, then
    // edited: which questions the sealed responses were shown cannot be read, so all stay.
    const { studyId, surveyUuid } = await insertStudyWithSurvey({ status: "open" });
    await submit(surveyUuid, [
      { type: "open_question", data_name: "story", open_answer: "told" },
      { type: "multiple_choice", data_name: "place", selected_options: ["Work"] },
      { type: "multiple_choice", data_name: "help", selected_options: ["Family"] },
      { type: "scale", data_name: "impact", scale_value: 5 },
    ]);
    const steps = sampleSteps();
    steps[0].blocks = steps[0].blocks.filter((b) => b.data_name !== "remarks");
    await put(studyId, steps, (await loaded(studyId)).version);
    const rows = await csvRows(studyId);
    expect(rows[0].slice(2)).toEqual(["story", "place", "help", "impact", "remarks"]);
    expect(rows[1].slice(2)).toEqual(["told", "Work", "Family", "5", "-99"]);
  });
});
