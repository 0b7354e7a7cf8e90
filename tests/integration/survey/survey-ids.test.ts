import { beforeAll, describe, expect, it } from "vitest";
import { GET as getRoute, PUT as putRoute } from "@/app/api/study/[id]/survey/route";
import { GET as versionRoute } from "@/app/api/study/[id]/survey/version/route";
import { ErrorCode } from "@/lib/errors/codes.shared";
import type { EditorSurvey } from "@/lib/surveys/editor-schemas.shared";
import type { Step } from "@/lib/surveys/schema.shared";
import type { Answer } from "../../support/answer";
import { call } from "../../support/http";
import { staffWithSession } from "../../support/staff";
import { insertStudyWithSurvey, sampleSteps, storedSurvey } from "../../support/survey";

// Steps and blocks keep an id of their own through saves, so two versions of a survey can be
// compared block by block when two people edit it at once.

let staff: string;

beforeAll(async () => {
  staff = (await staffWithSession({ admin: false })).cookie;
});

function get(studyId: number) {
  return call<Answer<EditorSurvey>>(getRoute, {
    path: `/api/study/${studyId}/survey`,
    params: { id: String(studyId) },
    cookie: staff,
  });
}

function put(survey: EditorSurvey, steps: unknown) {
  return call<Answer<EditorSurvey>>(putRoute, {
    method: "PUT",
    path: `/api/study/${survey.study_id}/survey`,
    params: { id: String(survey.study_id) },
    body: { study_id: survey.study_id, survey_uuid: survey.survey_uuid, steps },
    cookie: staff,
  });
}

const ids = (steps: Step[]) => steps.map((s) => [s.id, s.blocks.map((b) => b.id)]);

describe("ids of steps and blocks", () => {
  it("are derived from positions for a survey stored without them, the same on every read", async () => {
    const { studyId } = await insertStudyWithSurvey({ status: "not_started" });
    const first = await get(studyId);
    expect(first.status).toBe(200);
    expect(ids(first.body.steps)).toEqual([
      ["s0", ["s0b0", "s0b1", "s0b2"]],
      ["s1", ["s1b0", "s1b1", "s1b2"]],
    ]);
    expect((await get(studyId)).body.steps).toEqual(first.body.steps);
  });

  it("are kept as sent through moves, made where missing, and a repeated one is replaced", async () => {
    const { studyId } = await insertStudyWithSurvey({ status: "not_started" });
    const loaded = (await get(studyId)).body;
    const steps = loaded.steps.map((s) => ({ ...s, blocks: [...s.blocks] }));
    // The last block moves to the front of the first step; a new block comes without an id; a
    // pasted block repeats an id already used.
    steps[0].blocks = [
      steps[1].blocks[2],
      ...steps[0].blocks,
      { type: "text" as const, data_name: "", order: 0, content: "<p>New</p>" },
      steps[0].blocks[0],
    ].map((block, order) => ({ ...block, order }));
    steps[1].blocks = steps[1].blocks.slice(0, 2);
    const saved = await put(loaded, steps);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const [first, second] = saved.body.steps;
    expect(first.id).toBe("s0");
    expect(first.blocks.map((b) => b.id).slice(0, 4)).toEqual(["s1b2", "s0b0", "s0b1", "s0b2"]);
    expect(first.blocks[4].id).toMatch(/^[0-9a-f]{32}$/);
    expect(first.blocks[5].id).toMatch(/^[0-9a-f]{32}$/);
    expect(second.blocks.map((b) => b.id)).toEqual(["s1b0", "s1b1"]);
    expect((await storedSurvey(studyId)).steps).toEqual(saved.body.steps);
    expect((await get(studyId)).body.steps).toEqual(saved.body.steps);
  });

  it("refuses a malformed id with code 22 and the field", async () => {
    const { studyId } = await insertStudyWithSurvey({ status: "not_started" });
    const loaded = (await get(studyId)).body;
    const steps = sampleSteps();
    steps[1].blocks[0] = { ...steps[1].blocks[0], id: "no spaces <here>" };
    const res = await put(loaded, steps);
    expect(res.status).toBe(400);
    if (res.body && "error" in res.body) {
      expect(res.body.error.code).toBe(ErrorCode.INVALID_INPUT);
      expect(Object.keys(res.body.error.fields ?? {})).toEqual(["steps.1.blocks.0.id"]);
    }
  });
});

describe("GET /api/study/{id}/survey/version", () => {
  it("answers only the version, moved on by each save; 404 code 14 and 401 code 25 otherwise", async () => {
    const { studyId } = await insertStudyWithSurvey({ status: "not_started" });
    const version = (cookie?: string, id = studyId) =>
      call<Answer<{ version: number }>>(versionRoute, {
        path: `/api/study/${id}/survey/version`,
        params: { id: String(id) },
        cookie,
      });
    expect((await version(staff)).body).toEqual({ version: 0 });
    const loaded = (await get(studyId)).body;
    expect((await put(loaded, loaded.steps)).status).toBe(200);
    expect((await version(staff)).body).toEqual({ version: 1 });
    const missing = await version(staff, 987_654);
    expect(missing.status).toBe(404);
    expect(missing.body.error?.code).toBe(ErrorCode.NOT_FOUND);
    const anonymous = await version();
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error?.code).toBe(ErrorCode.NOT_SIGNED_IN);
  });
});
