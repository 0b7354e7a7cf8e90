import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET } from "@/app/api/survey/[surveyUuid]/route";
import { getDb } from "@/db/client";
import { studies } from "@/db/schema";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { getPublicSurvey } from "@/lib/surveys/public";
import { call } from "../../support/http";
import { insertStudyWithSurvey, sampleSteps } from "../../support/survey";

function getSurvey(surveyUuid: string) {
  return call(GET, { path: `/api/survey/${surveyUuid}`, params: { surveyUuid } });
}

describe("GET /api/survey/{surveyUuid}", () => {
  it("answers an open study's survey with the study's name, and sets no cookie", async () => {
    const { studyId, surveyUuid } = await insertStudyWithSurvey({ name: "Open study" });
    const res = await getSurvey(surveyUuid);
    expect(res.status).toBe(200);
    expect(res.setCookies).toEqual([]);
    expect(res.body.study_id).toBe(studyId);
    expect(res.body.survey_uuid).toBe(surveyUuid);
    expect(res.body.study_name).toBe("Open study");
    expect(res.body.steps).toHaveLength(2);
    expect(res.body.steps[1].blocks.map((b: { data_name: string }) => b.data_name)).toEqual([
      "place",
      "help",
      "impact",
    ]);
    expect(res.body.steps[1].blocks[2]).toEqual(sampleSteps()[1].blocks[2]);
  });

  it("sanitises text blocks on the way out", async () => {
    const { surveyUuid } = await insertStudyWithSurvey();
    const res = await getSurvey(surveyUuid);
    const content: string = res.body.steps[0].blocks[0].content;
    expect(content).toContain("<strong>allemaal</strong>");
    expect(content).not.toContain("<script");
    expect(content).not.toContain("onerror");
  });

  it("puts steps and blocks in their order, whatever order they were stored in", async () => {
    const [first, second] = sampleSteps();
    const { surveyUuid } = await insertStudyWithSurvey({
      steps: [second, { ...first, blocks: [...first.blocks].reverse() }],
    });
    const res = await getSurvey(surveyUuid);
    expect(res.body.steps.map((s: { order: number }) => s.order)).toEqual([0, 1]);
    expect(res.body.steps[0].blocks.map((b: { data_name: string }) => b.data_name)).toEqual([
      "intro",
      "story",
      "remarks",
    ]);
  });

  it.each(["not_started", "finished", "invisible"] as const)(
    "answers 409 code 20 while the study is %s",
    async (status) => {
      const { surveyUuid } = await insertStudyWithSurvey({ status });
      const res = await getSurvey(surveyUuid);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: { code: 20, message: "The study is not open" } });
    },
  );

  it("follows the study's status as it changes", async () => {
    const { studyId, surveyUuid } = await insertStudyWithSurvey();
    const db = await getDb();
    await db.update(studies).set({ status: "finished" }).where(eq(studies.id, studyId));
    expect((await getSurvey(surveyUuid)).body.error.code).toBe(20);
    await db.update(studies).set({ status: "open" }).where(eq(studies.id, studyId));
    expect((await getSurvey(surveyUuid)).status).toBe(200);
  });

  it("answers 404 code 14 for an unknown survey", async () => {
    const res = await getSurvey("8a3c2f4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 14, message: "Model not found" } });
  });

  it.each(["1", "not-a-uuid", "8a3c2f4e-5b6d-4e7f-8a9b-0c1d2e3f4a5", "' or 1=1 --"])(
    "answers 400 code 22 for the malformed id %j",
    async (surveyUuid) => {
      const res = await getSurvey(surveyUuid);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe(22);
      expect(res.body.error.fields).toHaveProperty("surveyUuid");
    },
  );

  it("accepts the id in capitals", async () => {
    const { surveyUuid } = await insertStudyWithSurvey();
    const res = await getSurvey(surveyUuid.toUpperCase());
    expect(res.status).toBe(200);
    expect(res.body.survey_uuid).toBe(surveyUuid);
  });

  it("answers only for an open study unless a preview is asked for by name", async () => {
    const { surveyUuid } = await insertStudyWithSurvey({ status: "not_started" });
    await expect(getPublicSurvey(surveyUuid)).rejects.toMatchObject({
      code: ErrorCode.STUDY_NOT_OPEN,
    });
    await expect(getPublicSurvey(surveyUuid, {})).rejects.toMatchObject({
      code: ErrorCode.STUDY_NOT_OPEN,
    });
    const preview = await getPublicSurvey(surveyUuid, { preview: true });
    expect(preview.preview).toBe(true);
  });
});
