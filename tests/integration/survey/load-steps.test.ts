import { describe, expect, it } from "vitest";
import { saveSurvey } from "@/lib/surveys/editor";
import { loadOpenSurvey } from "@/lib/surveys/load";
import { insertStudyWithSurvey, sampleSteps } from "../../support/survey";

// A survey's steps are parsed once per saved version and shared (lib/surveys/load.ts).
describe("reading a survey's steps", () => {
  it("shares the parsed steps of an unchanged version, frozen", async () => {
    const { surveyUuid } = await insertStudyWithSurvey();
    const first = await loadOpenSurvey(surveyUuid);
    const second = await loadOpenSurvey(surveyUuid);
    expect(second.steps).toBe(first.steps);
    expect(Object.isFrozen(first.steps[0].blocks[0])).toBe(true);
    expect(() => {
      (first.steps[0].blocks as unknown[]).push({});
    }).toThrow(TypeError);
  });

  it("reads a saved version at once", async () => {
    const { studyId, surveyUuid } = await insertStudyWithSurvey();
    const before = await loadOpenSurvey(surveyUuid);
    const steps = sampleSteps();
    steps[0].blocks = steps[0].blocks.slice(0, 1);
    const saved = await saveSurvey(studyId, {
      study_id: studyId,
      survey_uuid: surveyUuid,
      steps,
      version: before.version,
    });
    const after = await loadOpenSurvey(surveyUuid);
    expect(after.version).toBe(saved.version);
    expect(after.version).toBe(before.version + 1);
    expect(after.steps[0].blocks).toHaveLength(1);
    expect(before.steps[0].blocks.length).toBeGreaterThan(1);
  });

  it("keeps each survey's own steps", async () => {
    const a = await insertStudyWithSurvey();
    const steps = sampleSteps().slice(0, 1);
    const b = await insertStudyWithSurvey({ steps });
    expect((await loadOpenSurvey(a.surveyUuid)).steps).toHaveLength(2);
    expect((await loadOpenSurvey(b.surveyUuid)).steps).toHaveLength(1);
    expect((await loadOpenSurvey(a.surveyUuid)).steps).toHaveLength(2);
  });
});
