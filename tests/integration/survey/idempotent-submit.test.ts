import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as lookupRoute } from "@/app/api/survey/response/lookup/route";
import { getDb } from "@/db/client";
import { surveyResponses } from "@/db/schema";
import { call } from "../../support/http";
import { insertStudyWithSurvey, nextIp, validAnswers } from "../../support/survey";
import { submitSurvey as submit } from "../../support/survey-submit";

async function responsesOf(studyId: number) {
  const db = await getDb();
  return db.select().from(surveyResponses).where(eq(surveyResponses.studyId, studyId));
}

function otherAnswers() {
  return validAnswers().map((a) => (a.data_name === "impact" ? { ...a, scale_value: 2 } : a));
}

describe("a retried submission (submission_id)", () => {
  it("stores one row and answers the same token to a retry with the same answers", async () => {
    const { studyId, surveyUuid } = await insertStudyWithSurvey();
    const submission_id = randomUUID();
    const first = await submit(surveyUuid, { answers: validAnswers(), submission_id });
    expect(first.status).toBe(200);
    expect(first.body.token).toMatch(/^[a-z2-7]{32}$/);
    const retry = await submit(surveyUuid, { answers: validAnswers(), submission_id });
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual({ token: first.body.token });
    expect(await responsesOf(studyId)).toHaveLength(1);

    // The token works, and the database holds neither it nor the submission id.
    const lookup = await call(lookupRoute, {
      path: "/api/survey/response/lookup",
      body: { token: retry.body.token },
      ip: nextIp(),
    });
    expect(lookup.status).toBe(200);
    expect(
      lookup.body.answers.find((a: { data_name: string }) => a.data_name === "impact"),
    ).toMatchObject({
      scale_value: 4,
    });
    const [row] = await responsesOf(studyId);
    const stored = JSON.stringify({ ...row, answers: row.answers.toString("hex") });
    expect(stored).not.toContain(submission_id);
    expect(stored).not.toContain(submission_id.replace(/-/g, ""));
    expect(stored).not.toContain(first.body.token);
    expect(row.submissionHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.answersHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("takes the same options in another order as the same answers", async () => {
    const { studyId, surveyUuid } = await insertStudyWithSurvey();
    const submission_id = randomUUID();
    const first = await submit(surveyUuid, { answers: validAnswers(), submission_id });
    const reordered = validAnswers().map((a) =>
      a.data_name === "help" ? { ...a, selected_options: ["Family", "Friends"] } : a,
    );
    const retry = await submit(surveyUuid, { answers: reordered, submission_id });
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual({ token: first.body.token });
    expect(await responsesOf(studyId)).toHaveLength(1);
  });

  it("treats the id case-insensitively, as the UUID it is", async () => {
    const { studyId, surveyUuid } = await insertStudyWithSurvey();
    const submission_id = randomUUID();
    const first = await submit(surveyUuid, { answers: validAnswers(), submission_id });
    const retry = await submit(surveyUuid, {
      answers: validAnswers(),
      submission_id: submission_id.toUpperCase(),
    });
    expect(retry.body).toEqual({ token: first.body.token });
    expect(await responsesOf(studyId)).toHaveLength(1);
  });

  it("refuses the same id with other answers with 409 code 28 and keeps the first answers", async () => {
    const { studyId, surveyUuid } = await insertStudyWithSurvey();
    const submission_id = randomUUID();
    const first = await submit(surveyUuid, { answers: validAnswers(), submission_id });
    expect(first.status).toBe(200);
    const other = await submit(surveyUuid, { answers: otherAnswers(), submission_id });
    expect(other.status).toBe(409);
    expect(other.body).toEqual({
      error: { code: 28, message: "This survey was already submitted with other answers" },
    });
    const rows = await responsesOf(studyId);
    expect(rows).toHaveLength(1);
    const lookup = await call(lookupRoute, {
      path: "/api/survey/response/lookup",
      body: { token: first.body.token },
      ip: nextIp(),
    });
    expect(
      lookup.body.answers.find((a: { data_name: string }) => a.data_name === "impact").scale_value,
    ).toBe(4);
  });

  it.each([
    ["an open answer", { data_name: "story", open_answer: "Another story" }],
    ["the chosen options", { data_name: "help", selected_options: ["Family"] }],
    ["a scale value", { data_name: "impact", scale_value: 5 }],
  ])("counts a change in %s as other answers (409 code 28)", async (_what, change) => {
    const { studyId, surveyUuid } = await insertStudyWithSurvey();
    const submission_id = randomUUID();
    expect((await submit(surveyUuid, { answers: validAnswers(), submission_id })).status).toBe(200);
    const changed = validAnswers().map((a) =>
      a.data_name === change.data_name ? { ...a, ...change } : a,
    );
    const res = await submit(surveyUuid, { answers: changed, submission_id });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe(28);
    expect(await responsesOf(studyId)).toHaveLength(1);
  });

  it("gives two different ids two rows and two tokens", async () => {
    const { studyId, surveyUuid } = await insertStudyWithSurvey();
    const a = await submit(surveyUuid, { answers: validAnswers(), submission_id: randomUUID() });
    const b = await submit(surveyUuid, { answers: validAnswers(), submission_id: randomUUID() });
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(a.body.token).not.toBe(b.body.token);
    expect(await responsesOf(studyId)).toHaveLength(2);
  });

  it("keeps one id per survey: the same id in another survey is another submission", async () => {
    const one = await insertStudyWithSurvey();
    const two = await insertStudyWithSurvey();
    const submission_id = randomUUID();
    const a = await submit(one.surveyUuid, { answers: validAnswers(), submission_id });
    const b = await submit(two.surveyUuid, { answers: otherAnswers(), submission_id });
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(a.body.token).not.toBe(b.body.token);
    expect(await responsesOf(one.studyId)).toHaveLength(1);
    expect(await responsesOf(two.studyId)).toHaveLength(1);
  });

  it("ends 20 parallel identical retries in one row and one token", async () => {
    const { studyId, surveyUuid } = await insertStudyWithSurvey();
    const submission_id = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        submit(surveyUuid, { answers: validAnswers(), submission_id }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(new Set(results.map((r) => r.body.token)).size).toBe(1);
    expect(await responsesOf(studyId)).toHaveLength(1);
  });

  it("stores again after the first response was deleted by its token", async () => {
    const { studyId, surveyUuid } = await insertStudyWithSurvey();
    const db = await getDb();
    const submission_id = randomUUID();
    const first = await submit(surveyUuid, { answers: validAnswers(), submission_id });
    await db.delete(surveyResponses).where(eq(surveyResponses.studyId, studyId));
    const again = await submit(surveyUuid, { answers: validAnswers(), submission_id });
    expect(again.status).toBe(200);
    expect(again.body.token).toBe(first.body.token);
    expect(await responsesOf(studyId)).toHaveLength(1);
  });

  it("refuses a submission_id that is not a UUID with 400 code 22", async () => {
    const { studyId, surveyUuid } = await insertStudyWithSurvey();
    const res = await submit(surveyUuid, { answers: validAnswers(), submission_id: "retry-1" });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(22);
    expect(Object.keys(res.body.error.fields)).toContain("submission_id");
    expect(await responsesOf(studyId)).toHaveLength(0);
  });

  it("without a submission_id, stores every request as its own response", async () => {
    const { studyId, surveyUuid } = await insertStudyWithSurvey();
    const a = await submit(surveyUuid, { answers: validAnswers() });
    const b = await submit(surveyUuid, { answers: validAnswers() });
    expect(a.body.token).not.toBe(b.body.token);
    const rows = await responsesOf(studyId);
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.submissionHash === null && r.answersHash === null)).toBe(true);
  });
});
