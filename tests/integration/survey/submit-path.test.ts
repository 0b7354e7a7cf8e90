import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as submitRoute } from "@/app/api/survey/[surveyUuid]/submit/route";
import { POST as lookupRoute } from "@/app/api/survey/response/lookup/route";
import { getDb } from "@/db/client";
import { studies, surveyResponses } from "@/db/schema";
import { openResponse } from "@/lib/responses/sealed-answers";
import type { Step } from "@/lib/surveys/schema.shared";
import { call } from "../../support/http";
import { insertStudyWithSurvey, nextIp } from "../../support/survey";

/**
 * "Has this happened to you?" Yes leads to a required scale, No to a required open question;
 * an optional remark closes both branches.
 */
function twoBranchSteps(): Step[] {
  return [
    {
      order: 0,
      blocks: [
        {
          type: "multiple_choice",
          data_name: "happened",
          order: 0,
          question_text: "Has this happened to you?",
          allow_multiple: false,
          is_required: true,
          options: [
            { order: 0, text: "Yes" },
            { order: 1, text: "No" },
          ],
        },
      ],
    },
    {
      order: 1,
      visible_if: { data_name: "happened", op: "equals", value: "Yes" },
      blocks: [
        {
          type: "scale",
          data_name: "how_often",
          order: 0,
          question_text: "How often?",
          min_value: 1,
          max_value: 5,
          min_label: "once",
          max_label: "very often",
          is_required: true,
        },
      ],
    },
    {
      order: 2,
      blocks: [
        {
          type: "open_question",
          data_name: "why_not",
          order: 0,
          question_text: "What kept it from happening?",
          is_required: true,
          visible_if: { data_name: "happened", op: "equals", value: "No" },
        },
        {
          type: "open_question",
          data_name: "remarks",
          order: 1,
          question_text: "Anything else?",
          is_required: false,
        },
      ],
    },
  ];
}

const happened = (value: "Yes" | "No") => ({
  type: "multiple_choice",
  data_name: "happened",
  selected_options: [value],
});
const howOften = (scale_value: number) => ({ type: "scale", data_name: "how_often", scale_value });
const whyNot = (open_answer: string) => ({
  type: "open_question",
  data_name: "why_not",
  open_answer,
});

function submit(surveyUuid: string, body: unknown) {
  return call(submitRoute, {
    path: `/api/survey/${surveyUuid}/submit`,
    params: { surveyUuid },
    body,
    ip: nextIp(),
  });
}

function lookup(token: string) {
  return call(lookupRoute, {
    path: "/api/survey/response/lookup",
    body: { token },
    ip: nextIp(),
  });
}

async function sealedOf(studyId: number) {
  const db = await getDb();
  const rows = await db.select().from(surveyResponses).where(eq(surveyResponses.studyId, studyId));
  return rows.map((row) => openResponse(row));
}

describe("submit follows the survey's path", () => {
  it("enforces each branch's required question only on its own path", async () => {
    const { studyId, surveyUuid } = await insertStudyWithSurvey({ steps: twoBranchSteps() });

    const yesWithout = await submit(surveyUuid, { answers: [happened("Yes")] });
    expect(yesWithout.status).toBe(400);
    expect(yesWithout.body.error.code).toBe(22);
    expect(yesWithout.body.error.fields).toEqual({
      "steps.1.blocks.0": "please give your answer",
    });

    const noWithout = await submit(surveyUuid, { answers: [happened("No")] });
    expect(noWithout.status).toBe(400);
    expect(noWithout.body.error.fields).toEqual({
      "steps.2.blocks.0": "please fill in your answer",
    });
    expect(await sealedOf(studyId)).toEqual([]);

    const yes = await submit(surveyUuid, { answers: [happened("Yes"), howOften(3)] });
    expect(yes.status).toBe(200);
    const no = await submit(surveyUuid, { answers: [happened("No"), whyNot("I left early")] });
    expect(no.status).toBe(200);

    const sealed = await sealedOf(studyId);
    const shownLists = sealed.map((s) => s.shown).sort();
    expect(shownLists).toEqual([
      ["happened", "how_often", "remarks"],
      ["happened", "why_not", "remarks"],
    ]);
  });

  it("stores and returns no answer to a hidden block, however it was forged", async () => {
    const { studyId, surveyUuid } = await insertStudyWithSurvey({ steps: twoBranchSteps() });
    const res = await submit(surveyUuid, {
      answers: [
        happened("No"),
        // Hidden on this path: a valid value and one no question would accept.
        howOften(999),
        whyNot("Forged 9c1e"),
        { type: "open_question", data_name: "remarks", open_answer: "fine" },
      ],
    });
    expect(res.status).toBe(200);
    const forgedYes = await submit(surveyUuid, {
      answers: [happened("Yes"), howOften(2), whyNot("Forged b7d2 hidden")],
    });
    expect(forgedYes.status).toBe(200);

    const mine = await lookup(forgedYes.body.token);
    expect(mine.status).toBe(200);
    expect(mine.body.answers.map((a: { data_name: string }) => a.data_name)).toEqual([
      "happened",
      "how_often",
    ]);
    expect(JSON.stringify(mine.body)).not.toContain("Forged b7d2");

    const other = await lookup(res.body.token);
    expect(other.body.answers.map((a: { data_name: string }) => a.data_name)).toEqual([
      "happened",
      "why_not",
      "remarks",
    ]);
    expect(JSON.stringify(other.body)).not.toContain("999");

    const sealed = await sealedOf(studyId);
    expect(JSON.stringify(sealed)).not.toContain("Forged b7d2");
    expect(JSON.stringify(sealed)).not.toContain("999");
    const yesRow = sealed.find((s) => s.shown?.includes("how_often"));
    expect(yesRow).toEqual({
      answers: [
        {
          type: "multiple_choice",
          data_name: "happened",
          selected_options: ["Yes"],
          question_text: "Has this happened to you?",
        },
        { type: "scale", data_name: "how_often", scale_value: 2, question_text: "How often?" },
      ],
      shown: ["happened", "how_often", "remarks"],
    });
  });

  it("seals a shown optional question left blank in the shown list, without an answer", async () => {
    const { studyId, surveyUuid } = await insertStudyWithSurvey({ steps: twoBranchSteps() });
    const res = await submit(surveyUuid, {
      answers: [
        happened("Yes"),
        howOften(5),
        { type: "open_question", data_name: "remarks", open_answer: "   " },
      ],
    });
    expect(res.status).toBe(200);
    const [sealed] = await sealedOf(studyId);
    expect(sealed.answers.map((a) => a.data_name)).toEqual(["happened", "how_often"]);
    expect(sealed.shown).toEqual(["happened", "how_often", "remarks"]);
  });
});

describe("a retried submission and the study's status", () => {
  async function finish(studyId: number) {
    const db = await getDb();
    await db.update(studies).set({ status: "finished" }).where(eq(studies.id, studyId));
  }

  it("answers the stored token to a retry after the study closed, and code 20 to anything new", async () => {
    const { studyId, surveyUuid } = await insertStudyWithSurvey({ steps: twoBranchSteps() });
    const submission_id = randomUUID();
    const answers = [happened("Yes"), howOften(4)];
    const first = await submit(surveyUuid, { answers, submission_id });
    expect(first.status).toBe(200);
    await finish(studyId);

    const retry = await submit(surveyUuid, { answers, submission_id });
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual({ token: first.body.token });

    const otherAnswers = await submit(surveyUuid, {
      answers: [happened("Yes"), howOften(1)],
      submission_id,
    });
    expect(otherAnswers.status).toBe(409);
    expect(otherAnswers.body.error.code).toBe(28);

    const fresh = await submit(surveyUuid, { answers, submission_id: randomUUID() });
    expect(fresh.status).toBe(409);
    expect(fresh.body.error.code).toBe(20);
    const anonymous = await submit(surveyUuid, { answers });
    expect(anonymous.status).toBe(409);
    expect(anonymous.body.error.code).toBe(20);
    // Even invalid answers to a closed study are answered with the study's status.
    const invalid = await submit(surveyUuid, { answers: [], submission_id: randomUUID() });
    expect(invalid.body.error.code).toBe(20);

    expect(await sealedOf(studyId)).toHaveLength(1);
  });

  it("counts the dropped answers of a hidden block as no part of the retry's answers", async () => {
    const { studyId, surveyUuid } = await insertStudyWithSurvey({ steps: twoBranchSteps() });
    const submission_id = randomUUID();
    const first = await submit(surveyUuid, {
      answers: [happened("Yes"), howOften(4)],
      submission_id,
    });
    await finish(studyId);
    const retry = await submit(surveyUuid, {
      answers: [happened("Yes"), howOften(4), whyNot("dropped anyway")],
      submission_id,
    });
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual({ token: first.body.token });
  });
});
