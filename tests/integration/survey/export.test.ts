import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as submitRoute } from "@/app/api/survey/[surveyUuid]/submit/route";
import { getDb } from "@/db/client";
import { surveyResponses } from "@/db/schema";
import { studyResponses } from "@/lib/responses/export";
import { call } from "../../support/http";
import { insertStudyWithSurvey, nextIp, validAnswers } from "../../support/survey";

async function submitScale(surveyUuid: string, value: number) {
  const answers = validAnswers().map((a) =>
    a.type === "scale" ? { ...a, scale_value: value } : a,
  );
  const res = await call(submitRoute, {
    path: `/api/survey/${surveyUuid}/submit`,
    params: { surveyUuid },
    body: { answers },
    ip: nextIp(),
  });
  expect(res.status).toBe(200);
}

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

describe("studyResponses (for the staff export)", () => {
  it("decrypts every response of the study, and only those, across pages", async () => {
    const a = await insertStudyWithSurvey({ name: "Export A" });
    const b = await insertStudyWithSurvey({ name: "Export B" });
    for (const value of [1, 2, 3, 4, 5]) await submitScale(a.surveyUuid, value);
    await submitScale(b.surveyUuid, 3);

    const responses = await collect(studyResponses(a.studyId, { pageSize: 2 }));
    expect(responses).toHaveLength(5);
    expect(new Set(responses.map((r) => r.id)).size).toBe(5);
    const values = responses
      .map((r) => r.answers.find((x) => x.type === "scale"))
      .map((x) => (x?.type === "scale" ? x.scale_value : null));
    expect(values.sort()).toEqual([1, 2, 3, 4, 5]);
    expect(responses[0].answers[0]).toMatchObject({
      data_name: "story",
      open_answer: "A very private story 7f3a",
    });
    expect(responses[0].submittedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    expect(await collect(studyResponses(b.studyId))).toHaveLength(1);
    expect(await collect(studyResponses(999_999))).toEqual([]);
  });

  it("refuses answers sealed for another study instead of misattributing them", async () => {
    const a = await insertStudyWithSurvey();
    const b = await insertStudyWithSurvey();
    await submitScale(a.surveyUuid, 2);
    const db = await getDb();
    await db
      .update(surveyResponses)
      .set({ studyId: b.studyId })
      .where(eq(surveyResponses.studyId, a.studyId));
    await expect(collect(studyResponses(b.studyId))).rejects.toThrow(/do not belong to this row/);
  });
});
