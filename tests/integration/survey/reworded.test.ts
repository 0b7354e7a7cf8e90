import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { surveyResponses } from "@/db/schema";
import type { Answer } from "@/lib/surveys/answers.shared";
import { saveSurvey } from "@/lib/surveys/editor";
import { askedFor } from "@/lib/surveys/question-fingerprint.shared";
import type { Step } from "@/lib/surveys/schema.shared";
import {
  insertStudyWithSurvey,
  sampleSteps,
  storedSurvey,
  validAnswers,
} from "../../support/survey";
import { submitSurvey as submit } from "../../support/survey-submit";

/** The scale's ends swapped: the same values now mean the opposite. */
function swappedScale(): Step[] {
  const steps = sampleSteps();
  const impact = steps[1].blocks[2];
  if (impact.type !== "scale") throw new Error("the third block is the scale");
  steps[1].blocks[2] = { ...impact, min_label: "big", max_label: "small" };
  return steps;
}

const answers = () => validAnswers() as Answer[];

describe("answers to a question staff changed while it was answered", () => {
  it("are refused with code 22 at that question, and nothing is stored", async () => {
    const { studyId, surveyUuid } = await insertStudyWithSurvey();
    // The runner says what each question asked when it was answered: the survey as loaded.
    const asked = askedFor(sampleSteps(), answers());
    const row = await storedSurvey(studyId);
    await saveSurvey(studyId, {
      study_id: studyId,
      survey_uuid: row.surveyUuid,
      steps: swappedScale(),
    });

    const res = await submit(surveyUuid, {
      answers: answers(),
      submission_id: randomUUID(),
      asked,
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(22);
    expect(res.body.error.fields).toEqual({
      "steps.1.blocks.2": "the question was changed since it was answered",
    });
    const db = await getDb();
    expect(
      await db.select().from(surveyResponses).where(eq(surveyResponses.studyId, studyId)),
    ).toEqual([]);

    // Taken up again in its new form, the same answers pass.
    const again = await submit(surveyUuid, {
      answers: answers(),
      submission_id: randomUUID(),
      asked: askedFor(swappedScale(), answers()),
    });
    expect(again.status).toBe(200);
  });

  it("are stored when nothing they were answered under changed, and without `asked` as before", async () => {
    const { surveyUuid } = await insertStudyWithSurvey();
    const asked = askedFor(sampleSteps(), answers());
    expect((await submit(surveyUuid, { answers: answers(), asked })).status).toBe(200);
    expect((await submit(surveyUuid, { answers: answers() })).status).toBe(200);
  });

  it("refuses `asked` that does not have one entry per answer", async () => {
    const { surveyUuid } = await insertStudyWithSurvey();
    const res = await submit(surveyUuid, { answers: answers(), asked: ["x"] });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(22);
    expect(res.body.error.fields).toHaveProperty("asked");
  });
});
