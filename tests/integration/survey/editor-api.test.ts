import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as getRoute, PUT as putRoute } from "@/app/api/study/[id]/survey/route";
import { POST as submitRoute } from "@/app/api/survey/[surveyUuid]/submit/route";
import { getDb } from "@/db/client";
import { studies, surveyQuestions, surveys } from "@/db/schema";
import { ErrorCode } from "@/lib/errors/codes.shared";
import type { EditorSurvey } from "@/lib/surveys/editor-schemas.shared";
import type { Step } from "@/lib/surveys/schema.shared";
import type { Answer } from "../../support/answer";
import { call } from "../../support/http";
import { staffWithSession } from "../../support/staff";
import {
  insertStudyWithSurvey,
  nextIp,
  sampleSteps,
  storedSurvey,
  validAnswers,
} from "../../support/survey";

let staff: string;
/** An id the server made: 128 random bits as hex. */
const newId = expect.stringMatching(/^[0-9a-f]{32}$/);

beforeAll(async () => {
  staff = (await staffWithSession({ admin: false })).cookie;
});

function get(studyId: number | string, cookie: string | null = staff) {
  return call<Answer<EditorSurvey>>(getRoute, {
    path: `/api/study/${studyId}/survey`,
    params: { id: String(studyId) },
    cookie: cookie ?? undefined,
  });
}

function put(studyId: number | string, body: unknown, cookie: string | null = staff) {
  return call<Answer<EditorSurvey>>(putRoute, {
    method: "PUT",
    path: `/api/study/${studyId}/survey`,
    params: { id: String(studyId) },
    body,
    cookie: cookie ?? undefined,
  });
}

describe("GET /api/study/{id}/survey", () => {
  it("answers 401 code 25 without a session, and never shows the survey", async () => {
    const { studyId } = await insertStudyWithSurvey({ status: "open" });
    const res = await get(studyId, null);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: { code: 25, message: "Not signed in" } });
  });

  it("gives staff the survey in order with its version and response count, in any status", async () => {
    const { studyId, surveyUuid } = await insertStudyWithSurvey({ status: "not_started" });
    const res = await get(studyId);
    expect(res.status).toBe(200);
    expect(res.body.study_id).toBe(studyId);
    expect(res.body.survey_uuid).toBe(surveyUuid);
    expect(res.body.version).toBe(0);
    expect(res.body.response_count).toBe(0);
    expect(res.body.steps.map((s) => s.blocks.map((b) => b.data_name))).toEqual([
      ["intro", "story", "remarks"],
      ["place", "help", "impact"],
    ]);
    // Sanitised on the way out too, whatever the row holds.
    const intro = res.body.steps[0].blocks[0];
    expect(intro.type === "text" && intro.content).toBe(
      "<p>Welkom <strong>allemaal</strong><img></p>",
    );
  });

  it("counts the study's responses", async () => {
    const { studyId, surveyUuid } = await insertStudyWithSurvey({ status: "open" });
    for (let i = 0; i < 2; i++) {
      const res = await call(submitRoute, {
        path: `/api/survey/${surveyUuid}/submit`,
        params: { surveyUuid },
        body: { answers: validAnswers() },
        ip: nextIp(),
      });
      expect(res.status).toBe(200);
    }
    expect((await get(studyId)).body.response_count).toBe(2);
  });

  it("answers 404 code 14 for a study that does not exist and 400 code 22 for a bad id", async () => {
    const missing = await get(987_654);
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe(ErrorCode.NOT_FOUND);
    const bad = await get("abc");
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe(ErrorCode.INVALID_INPUT);
  });
});

describe("PUT /api/study/{id}/survey", () => {
  async function loaded(status: "open" | "not_started" = "not_started") {
    const { studyId } = await insertStudyWithSurvey({ status });
    const res = await get(studyId);
    expect(res.status).toBe(200);
    return res.body;
  }

  it("answers 401 code 25 without a session and changes nothing", async () => {
    const survey = await loaded();
    const res = await put(survey.study_id, { ...survey, steps: [] }, null);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe(ErrorCode.NOT_SIGNED_IN);
    expect((await storedSurvey(survey.study_id)).version).toBe(0);
  });

  it("saves the survey, renumbered from 0, and raises the version by one", async () => {
    const survey = await loaded();
    const steps: Step[] = [
      {
        order: 7,
        blocks: [
          {
            type: "multiple_choice",
            is_required: false,
            data_name: " place ",
            order: 3,
            question_text: "Where?",
            allow_multiple: true,
            options: [
              { order: 4, text: "Work" },
              { order: 9, text: " Home " },
            ],
          },
          {
            type: "scale",
            data_name: "impact",
            order: 5,
            question_text: "How big?",
          } as Step["blocks"][number],
        ],
      },
    ];
    const res = await put(survey.study_id, {
      study_id: survey.study_id,
      survey_uuid: survey.survey_uuid,
      steps,
      version: survey.version,
    });
    expect(res.status).toBe(200);
    expect(res.body.version).toBe(1);
    expect(res.body.survey_uuid).toBe(survey.survey_uuid);
    expect(res.body.response_count).toBe(0);
    const expected = [
      {
        id: newId,
        order: 0,
        blocks: [
          {
            id: newId,
            type: "multiple_choice",
            data_name: "place",
            order: 0,
            question_text: "Where?",
            allow_multiple: true,
            is_required: false,
            options: [
              { order: 0, text: "Work" },
              { order: 1, text: "Home" },
            ],
          },
          {
            id: newId,
            type: "scale",
            data_name: "impact",
            order: 1,
            question_text: "How big?",
            min_value: 1,
            max_value: 5,
            min_label: "",
            max_label: "",
            is_required: true,
          },
        ],
      },
    ];
    expect(res.body.steps).toEqual(expected);
    const row = await storedSurvey(survey.study_id);
    expect(row.steps).toEqual(res.body.steps);
    expect(row.version).toBe(1);
    const again = await get(survey.study_id);
    expect(again.body.steps).toEqual(res.body.steps);
    expect(again.body.version).toBe(1);
  });

  it("keeps only the fields of a block's type, with that type's defaults for the rest", async () => {
    const survey = await loaded();
    const res = await put(survey.study_id, {
      study_id: survey.study_id,
      survey_uuid: survey.survey_uuid,
      steps: [
        {
          order: 0,
          blocks: [
            {
              type: "scale",
              data_name: "was_choice",
              order: 0,
              allow_multiple: true,
              options: [{ order: 0, text: "left over" }],
              is_required: false,
            },
          ],
        },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.steps[0].blocks[0]).toEqual({
      id: newId,
      type: "scale",
      data_name: "was_choice",
      order: 0,
      question_text: "",
      min_value: 1,
      max_value: 5,
      min_label: "",
      max_label: "",
      // Every question block carries is_required now, so the one sent is kept.
      is_required: false,
    });
  });

  it("stores hostile HTML in a text block sanitised", async () => {
    const survey = await loaded();
    const res = await put(survey.study_id, {
      study_id: survey.study_id,
      survey_uuid: survey.survey_uuid,
      steps: [
        {
          order: 0,
          blocks: [
            {
              type: "text",
              data_name: "",
              order: 0,
              content:
                '<p onclick="steal()">Hi<script>alert(1)</script><a href="javascript:alert(2)">x</a><iframe src="https://evil.example"></iframe></p>',
            },
          ],
        },
      ],
    });
    expect(res.status).toBe(200);
    const stored = (await storedSurvey(survey.study_id)).steps as Step[];
    const block = stored[0].blocks[0];
    expect(block.type).toBe("text");
    const content = block.type === "text" ? block.content : "";
    expect(content).toBe("<p>Hi<a>x</a></p>");
    expect(res.body.steps[0].blocks[0]).toEqual(block);
  });

  it("refuses a text that sanitising makes longer than the limit, with the field, changing nothing", async () => {
    const survey = await loaded();
    // Exactly at the limit as sent; `&` is stored as `&amp;`, and the open <p> gets closed.
    const content = `<p>${"&".repeat(100_000 - 3)}`;
    const res = await put(survey.study_id, {
      study_id: survey.study_id,
      survey_uuid: survey.survey_uuid,
      steps: [
        {
          order: 0,
          blocks: [
            { type: "text", data_name: "", order: 0, content: "<p>Hello</p>" },
            { type: "text", data_name: "", order: 1, content },
          ],
        },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(ErrorCode.INVALID_INPUT);
    expect(Object.keys(res.body.error.fields ?? {})).toEqual(["steps.0.blocks.1.content"]);
    // The survey as it was: it still loads, for staff and for participants.
    const after = await get(survey.study_id);
    expect(after.status).toBe(200);
    expect(after.body.version).toBe(survey.version);
  });

  it("refuses a question without a data name or with a taken one, with the field", async () => {
    const survey = await loaded();
    const base = sampleSteps();
    base[1].blocks[0] = { ...base[1].blocks[0], data_name: "story" };
    base[1].blocks[2] = { ...base[1].blocks[2], data_name: "   " };
    const res = await put(survey.study_id, {
      study_id: survey.study_id,
      survey_uuid: survey.survey_uuid,
      steps: base,
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(ErrorCode.INVALID_INPUT);
    expect(res.body.error.fields).toEqual({
      "steps.1.blocks.0.data_name": "Another question already has this data name",
      "steps.1.blocks.2.data_name": "A question needs a data name",
    });
    expect((await storedSurvey(survey.study_id)).version).toBe(0);
  });

  it("refuses half of a surrogate pair in a question's text with the field, not a 500", async () => {
    const survey = await loaded();
    const steps = sampleSteps();
    const question = steps[1].blocks[0];
    if (question.type === "text") throw new Error("the sample's block is a question");
    steps[1].blocks[0] = { ...question, question_text: "Waar was het?\ud800" };
    const res = await put(survey.study_id, {
      study_id: survey.study_id,
      survey_uuid: survey.survey_uuid,
      steps,
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({
      code: ErrorCode.INVALID_INPUT,
      message: "Invalid input",
      fields: { "steps.1.blocks.0.question_text": "Contains text that is not valid Unicode" },
    });
    expect((await storedSurvey(survey.study_id)).version).toBe(0);
  });

  it("lets text blocks share a data name or leave it empty", async () => {
    const survey = await loaded();
    const text = (order: number, data_name: string) => ({
      type: "text",
      data_name,
      order,
      content: "<p>x</p>",
    });
    const res = await put(survey.study_id, {
      study_id: survey.study_id,
      survey_uuid: survey.survey_uuid,
      steps: [{ order: 0, blocks: [text(0, ""), text(1, ""), text(2, "note"), text(3, "note")] }],
    });
    expect(res.status).toBe(200);
  });

  it("refuses another study's id or another survey_uuid with code 22, changing nothing", async () => {
    const survey = await loaded();
    const other = await loaded();
    const wrongUuid = await put(survey.study_id, {
      study_id: survey.study_id,
      survey_uuid: other.survey_uuid,
      steps: [],
    });
    expect(wrongUuid.status).toBe(400);
    expect(wrongUuid.body.error.code).toBe(ErrorCode.INVALID_INPUT);
    expect(wrongUuid.body.error.fields).toEqual({
      survey_uuid: "This is not the survey being saved",
    });

    const wrongStudy = await put(survey.study_id, {
      study_id: other.study_id,
      survey_uuid: survey.survey_uuid,
      steps: [],
    });
    expect(wrongStudy.status).toBe(400);
    expect(wrongStudy.body.error.fields).toEqual({ study_id: "This is not the study being saved" });

    for (const s of [survey, other]) {
      const row = await storedSurvey(s.study_id);
      expect(row.version).toBe(0);
      expect((row.steps as Step[]).length).toBe(2);
      expect(row.surveyUuid).toBe(s.survey_uuid);
    }
  });

  it("answers 404 code 14 for a study that does not exist", async () => {
    const res = await put(987_654, {
      study_id: 987_654,
      survey_uuid: "0b6e4b8e-9a53-4c1e-9f53-1f0c5d2f1a10",
      steps: [],
    });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe(ErrorCode.NOT_FOUND);
  });

  it("refuses malformed bodies with code 22, never a 500", async () => {
    const survey = await loaded();
    for (const body of [
      {},
      { study_id: "x", survey_uuid: survey.survey_uuid, steps: [] },
      { study_id: survey.study_id, survey_uuid: "not-a-uuid", steps: [] },
      { study_id: survey.study_id, survey_uuid: survey.survey_uuid, steps: "no" },
      { study_id: survey.study_id, survey_uuid: survey.survey_uuid, steps: [], version: -1 },
      {
        study_id: survey.study_id,
        survey_uuid: survey.survey_uuid,
        steps: [{ order: 0, blocks: [{ type: "video", data_name: "v", order: 0 }] }],
      },
    ]) {
      const res = await put(survey.study_id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe(ErrorCode.INVALID_INPUT);
    }
  });

  it("refuses a stale version with 409 code 27 and changes nothing", async () => {
    const survey = await loaded();
    const first = await put(survey.study_id, { ...survey, steps: [{ order: 0, blocks: [] }] });
    expect(first.status).toBe(200);
    expect(first.body.version).toBe(1);

    const stale = await put(survey.study_id, { ...survey, steps: [], version: 0 });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({
      error: {
        code: 27,
        message: "This was changed elsewhere in the meantime; reload to see the newer version",
      },
    });
    const row = await storedSurvey(survey.study_id);
    expect(row.version).toBe(1);
    expect(row.steps).toEqual([{ id: newId, order: 0, blocks: [] }]);
  });

  it("lets a save without a version win", async () => {
    const survey = await loaded();
    await put(survey.study_id, { ...survey, steps: [] });
    const { version: _ignored, ...withoutVersion } = survey;
    const res = await put(survey.study_id, {
      ...withoutVersion,
      steps: [{ order: 0, blocks: [] }],
    });
    expect(res.status).toBe(200);
    expect(res.body.version).toBe(2);
  });

  it("gives exactly one of two parallel saves with the same version", async () => {
    const survey = await loaded();
    const results = await Promise.all(
      ["a", "b", "c", "d"].map((name) =>
        put(survey.study_id, {
          ...survey,
          steps: [
            {
              order: 0,
              blocks: [{ type: "open_question", data_name: name, order: 0, question_text: name }],
            },
          ],
        }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409]);
    const winner = results.find((r) => r.status === 200)!;
    const row = await storedSurvey(survey.study_id);
    expect(row.version).toBe(1);
    expect(row.steps).toEqual(winner.body.steps);
  });

  it("keeps every question the survey has had, for the export", async () => {
    const survey = await loaded();
    // Rename 'story' to 'what_happened' and drop 'remarks'.
    const steps = sampleSteps();
    steps[0].blocks = [steps[0].blocks[0], { ...steps[0].blocks[1], data_name: "what_happened" }];
    const res = await put(survey.study_id, { ...survey, steps });
    expect(res.status).toBe(200);
    // Change the text of 'place' and save again: its recorded text follows.
    const place = steps[1].blocks[0];
    steps[1].blocks[0] = { ...place, question_text: "Where exactly?" } as typeof place;
    expect((await put(survey.study_id, { ...res.body, steps })).status).toBe(200);

    const db = await getDb();
    const [{ id: surveyId }] = await db
      .select({ id: surveys.id })
      .from(surveys)
      .where(eq(surveys.studyId, survey.study_id));
    const rows = await db
      .select()
      .from(surveyQuestions)
      .where(eq(surveyQuestions.surveyId, surveyId))
      .orderBy(surveyQuestions.position);
    expect(rows.map((r) => [r.position, r.dataName, r.type, r.step])).toEqual([
      [0, "story", "open_question", 0],
      [1, "remarks", "open_question", 0],
      [2, "place", "multiple_choice", 1],
      [3, "help", "multiple_choice", 1],
      [4, "impact", "scale", 1],
      [5, "what_happened", "open_question", 0],
    ]);
    expect(rows.find((r) => r.dataName === "place")!.questionText).toBe("Where exactly?");
    expect(rows.find((r) => r.dataName === "story")!.questionText).toBe("What happened?");
  });

  it("is gone with its study", async () => {
    const survey = await loaded();
    await put(survey.study_id, { ...survey, steps: sampleSteps() });
    const db = await getDb();
    await db.delete(studies).where(eq(studies.id, survey.study_id));
    const res = await get(survey.study_id);
    expect(res.status).toBe(404);
  });
});
