import { beforeAll, describe, expect, it } from "vitest";
import { GET as getSurveyRoute, PUT as saveSurveyRoute } from "@/app/api/study/[id]/survey/route";
import { call } from "../support/http";
import { staffWithSession } from "../support/staff";
import { insertStudyWithSurvey, sampleSteps } from "../support/survey";

/**
 * Parallel autosaves of one survey (two tabs, or two staff members, saving at the same moment):
 * of the saves based on the same version exactly one is kept and the others are refused with
 * 409 code 27, so no save silently undoes another; the stored survey is always one whole save,
 * never a mix of several.
 */
let cookie = "";
beforeAll(async () => {
  cookie = (await staffWithSession()).cookie;
});

type EditorSurvey = {
  study_id: number;
  survey_uuid: string;
  steps: { order: number; blocks: { data_name: string; question_text?: string }[] }[];
  version: number;
};

async function load(studyId: number): Promise<EditorSurvey> {
  const res = await call<EditorSurvey>(getSurveyRoute, {
    path: `/api/study/${studyId}/survey`,
    params: { id: String(studyId) },
    cookie,
  });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

/** The sample survey with every question's text marked as edit number `n`. */
function edit(n: number) {
  return sampleSteps().map((step) => ({
    ...step,
    blocks: step.blocks.map((block) =>
      "question_text" in block
        ? { ...block, question_text: `Edit ${n}: ${block.data_name}` }
        : block,
    ),
  }));
}

function save(survey: EditorSurvey, n: number, withVersion: boolean) {
  return call(saveSurveyRoute, {
    method: "PUT",
    path: `/api/study/${survey.study_id}/survey`,
    params: { id: String(survey.study_id) },
    body: {
      study_id: survey.study_id,
      survey_uuid: survey.survey_uuid,
      steps: edit(n),
      ...(withVersion ? { version: survey.version } : {}),
    },
    cookie,
  });
}

/** Which edit a stored survey is, or null if its questions come from different edits. */
function editOf(survey: EditorSurvey): number | null {
  const marks = new Set(
    survey.steps.flatMap((s) =>
      s.blocks.flatMap((b) => (b.question_text ? [/^Edit (\d+):/.exec(b.question_text)?.[1]] : [])),
    ),
  );
  return marks.size === 1 ? Number([...marks][0]) : null;
}

describe("parallel autosaves of one survey", () => {
  it("based on the same version: exactly one is kept, the others answer 409 code 27", async () => {
    const { studyId } = await insertStudyWithSurvey({ status: "not_started" });
    const before = await load(studyId);
    const results = await Promise.all(Array.from({ length: 20 }, (_, n) => save(before, n, true)));
    const kept = results.flatMap((r, n) => (r.status === 200 ? [n] : []));
    expect(kept).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status, r.text).toBe(409);
      expect(r.body.error.code).toBe(27);
    }
    const after = await load(studyId);
    expect(after.version).toBe(before.version + 1);
    expect(editOf(after)).toBe(kept[0]);
  });

  it("without a version: every save succeeds and the survey is one of them, whole", async () => {
    const { studyId } = await insertStudyWithSurvey({ status: "not_started" });
    const before = await load(studyId);
    const results = await Promise.all(Array.from({ length: 20 }, (_, n) => save(before, n, false)));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    const after = await load(studyId);
    expect(after.version).toBe(before.version + 20);
    const which = editOf(after);
    expect(which).not.toBeNull();
    expect(which).toBeGreaterThanOrEqual(0);
    expect(which).toBeLessThan(20);
  });
});
