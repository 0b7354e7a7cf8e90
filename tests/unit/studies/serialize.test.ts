import { describe, expect, it } from "vitest";
import { studyStatus } from "@/db/schema";
import { isPublicStudyStatus, STUDY_STATUSES, studySchema } from "@/lib/studies/schemas.shared";
import { toStudyDto, type StudyRow } from "@/lib/studies/serialize";

const row: StudyRow = {
  id: 7,
  name: "Omstanders",
  shortDescription: "<p>Kort</p>",
  description: "<p>Lang</p>",
  status: "open",
  createdAt: new Date("2025-03-04T05:06:07.890Z"),
  updatedAt: new Date("2025-03-05T00:00:00.000Z"),
  surveyUuid: "0b9d6a8e-3f1c-4f5e-9a57-1c2d3e4f5a6b",
  responseLimit: null,
  closesAt: null,
};

describe("toStudyDto", () => {
  it("maps a row to the API shape with created_at in whole unix seconds", () => {
    expect(toStudyDto(row)).toEqual({
      id: 7,
      name: "Omstanders",
      short_description: "<p>Kort</p>",
      description: "<p>Lang</p>",
      status: "open",
      created_at: 1741064767,
      survey_uuid: "0b9d6a8e-3f1c-4f5e-9a57-1c2d3e4f5a6b",
      response_limit: null,
      closes_at: null,
    });
  });

  it("shows an open study past its closing time as finished, and the count only when given", () => {
    const past = { ...row, responseLimit: 40, closesAt: 1_000 };
    expect(toStudyDto(past)).toMatchObject({
      status: "finished",
      response_limit: 40,
      closes_at: 1_000,
    });
    expect(toStudyDto(past)).not.toHaveProperty("response_count");
    expect(toStudyDto({ ...past, status: "not_started" }).status).toBe("not_started");
    const future = { ...row, closesAt: 253_402_300_799 };
    expect(toStudyDto(future, 3)).toMatchObject({ status: "open", response_count: 3 });
  });

  it("leaves out what the API does not show and passes a missing survey as null", () => {
    const dto = toStudyDto({ ...row, surveyUuid: null });
    expect(dto).not.toHaveProperty("updatedAt");
    expect(dto).not.toHaveProperty("updated_at");
    expect(dto.survey_uuid).toBeNull();
    expect(studySchema.parse(dto)).toEqual(dto);
  });
});

describe("study schemas", () => {
  it("know the same statuses as the database enum", () => {
    expect([...STUDY_STATUSES]).toEqual(studyStatus.enumValues);
  });

  it("let only open and finished studies be public", () => {
    expect(STUDY_STATUSES.filter(isPublicStudyStatus)).toEqual(["open", "finished"]);
  });
});
