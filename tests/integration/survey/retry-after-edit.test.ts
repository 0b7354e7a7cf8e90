import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { surveyResponses } from "@/db/schema";
import { deriveSubmission } from "@/lib/responses/submission";
import type { Answer } from "@/lib/surveys/answers.shared";
import { saveSurvey } from "@/lib/surveys/editor";
import type { Step } from "@/lib/surveys/schema.shared";
import { shownFor } from "@/lib/surveys/path.shared";
import { sortedSteps, validateSubmission } from "@/lib/surveys/validation.shared";
import {
  insertStudyWithSurvey,
  sampleSteps,
  storedSurvey,
  validAnswers,
} from "../../support/survey";
import { submitSurvey as submit } from "../../support/survey-submit";

/** Staff save `steps` as the study's survey meanwhile. */
async function edit(studyId: number, change: (steps: Step[]) => Step[]) {
  const row = await storedSurvey(studyId);
  await saveSurvey(studyId, {
    study_id: studyId,
    survey_uuid: row.surveyUuid,
    steps: change(sampleSteps()),
  });
}

async function rowsOf(studyId: number) {
  const db = await getDb();
  return db.select().from(surveyResponses).where(eq(surveyResponses.studyId, studyId));
}

/**
 * The participant's reply was lost; staff changed the survey before the runner sent the same
 * answers again under the same submission id. The answers are stored: the retry must get their
 * token, not a refusal that leaves the participant without one.
 */
describe("a retry after the survey was changed meanwhile", () => {
  it("gets its token when a condition now hides an answered question", async () => {
    const { studyId, surveyUuid } = await insertStudyWithSurvey();
    const submission_id = randomUUID();
    const first = await submit(surveyUuid, { answers: validAnswers(), submission_id });
    expect(first.status).toBe(200);
    // "Who helped?" is now asked only of those who answered "Home" (this one said "Work").
    await edit(studyId, (steps) => {
      const help = steps[1].blocks[1];
      if (help.type !== "multiple_choice") throw new Error("the second block asks who helped");
      steps[1].blocks[1] = {
        ...help,
        visible_if: { data_name: "place", op: "equals", value: "Home" },
      };
      return steps;
    });
    const retry = await submit(surveyUuid, { answers: validAnswers(), submission_id });
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual({ token: first.body.token });
    expect(await rowsOf(studyId)).toHaveLength(1);
  });

  it("gets its token when the answers would no longer pass the survey", async () => {
    const { studyId, surveyUuid } = await insertStudyWithSurvey();
    const submission_id = randomUUID();
    const first = await submit(surveyUuid, { answers: validAnswers(), submission_id });
    expect(first.status).toBe(200);
    // "Work" is no longer offered: as a new submission, these answers are refused (code 22).
    await edit(studyId, (steps) => {
      const place = steps[1].blocks[0];
      if (place.type !== "multiple_choice") throw new Error("the first block asks where");
      steps[1].blocks[0] = { ...place, options: [{ order: 0, text: "Home" }] };
      return steps;
    });
    const fresh = await submit(surveyUuid, {
      answers: validAnswers(),
      submission_id: randomUUID(),
    });
    expect(fresh.status).toBe(400);
    expect(fresh.body.error.code).toBe(22);

    const retry = await submit(surveyUuid, { answers: validAnswers(), submission_id });
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual({ token: first.body.token });
    expect(await rowsOf(studyId)).toHaveLength(1);
  });

  it("is still refused with code 28 when it carries other answers", async () => {
    const { studyId, surveyUuid } = await insertStudyWithSurvey();
    const submission_id = randomUUID();
    expect((await submit(surveyUuid, { answers: validAnswers(), submission_id })).status).toBe(200);
    await edit(studyId, (steps) => steps.map((s) => ({ ...s })));
    const other = validAnswers().map((a) =>
      a.data_name === "impact" ? { ...a, scale_value: 2 } : a,
    );
    const res = await submit(surveyUuid, { answers: other, submission_id });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe(28);
  });

  it("finds a row stored before the answers as sent were hashed (the survey's kept answers)", async () => {
    const { studyId, surveyUuid } = await insertStudyWithSurvey();
    const submission_id = randomUUID();
    const first = await submit(surveyUuid, { answers: validAnswers(), submission_id });
    expect(first.status).toBe(200);
    // The row as an earlier version stored it: the hash of the answers the survey kept.
    const checked = validateSubmission(sampleSteps(), validAnswers() as Answer[]);
    if (!checked.ok) throw new Error("the sample answers pass the sample survey");
    const [, legacyAnswersHash] = deriveSubmission(studyId, submission_id, {
      sent: validAnswers() as Answer[],
      kept: checked.answers,
    }).keptAnswersHashes();
    const db = await getDb();
    await db
      .update(surveyResponses)
      .set({ answersHash: legacyAnswersHash })
      .where(eq(surveyResponses.studyId, studyId));

    const retry = await submit(surveyUuid, { answers: validAnswers(), submission_id });
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual({ token: first.body.token });
  });
});

/**
 * Answers given to the survey as the runner loaded it, sent after staff changed it so that the
 * participant's path shows other questions: refused (400 code 22 at `shown`) and nothing stored,
 * so the runner takes the survey up in its new form; a stored one's retry still gets its token.
 */
describe("answers given to a survey changed meanwhile", () => {
  const shownBefore = (answers: Answer[]) => shownFor(sortedSteps(sampleSteps()), answers);

  it("are refused when a question was added on the way, and nothing is stored", async () => {
    const { studyId, surveyUuid } = await insertStudyWithSurvey();
    await edit(studyId, (steps) => {
      steps[0].blocks.push({
        type: "open_question",
        data_name: "added_later",
        order: steps[0].blocks.length,
        question_text: "Never seen?",
        is_required: false,
      });
      return steps;
    });
    const answers = validAnswers() as Answer[];
    const res = await submit(surveyUuid, { answers, shown: shownBefore(answers) });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(22);
    expect(Object.keys(res.body.error.fields ?? {})).toEqual(["shown"]);
    expect(await rowsOf(studyId)).toHaveLength(0);
    // Sent again with the path of the survey as it is now: stored.
    const again = await submit(surveyUuid, {
      answers,
      shown: [...shownBefore(answers), "added_later"],
    });
    expect(again.status).toBe(200);
  });

  it("still give a stored submission's retry its token", async () => {
    const { studyId, surveyUuid } = await insertStudyWithSurvey();
    const submission_id = randomUUID();
    const answers = validAnswers() as Answer[];
    const first = await submit(surveyUuid, { answers, submission_id, shown: shownBefore(answers) });
    expect(first.status).toBe(200);
    await edit(studyId, (steps) => {
      steps[1].blocks.splice(1, 1);
      return steps;
    });
    const retry = await submit(surveyUuid, { answers, submission_id, shown: shownBefore(answers) });
    expect(retry.body).toEqual({ token: first.body.token });
    expect(await rowsOf(studyId)).toHaveLength(1);
  });
});
