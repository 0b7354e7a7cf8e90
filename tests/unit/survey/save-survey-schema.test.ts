import { describe, expect, it } from "vitest";
import { saveSurveySchema } from "@/lib/surveys/editor-schemas";
import type { Step } from "@/lib/surveys/schema";

// The save's schema carries the editor's whole-survey rules as ordinary issues, so the form and
// the route place each problem at the same field.

const SURVEY_UUID = "0b6e4b8e-9a53-4c1e-9f53-1f0c5d2f1a10";

const question = (data_name: string, order: number) => ({
  type: "open_question" as const,
  data_name,
  order,
  question_text: `${data_name}?`,
  is_required: false,
});

describe("saveSurveySchema", () => {
  it("reports each whole-survey problem as a custom issue at its path, indexes as numbers", () => {
    // Twelve questions in the second step, the last two repeating earlier names: indexes of two
    // digits must come out as numbers too.
    const many = Array.from({ length: 10 }, (_, i) => question(`q${i}`, i));
    const steps: Step[] = [
      { order: 0, blocks: [question("story", 0)] },
      { order: 1, blocks: [...many, question("story", 10), question("", 11)] },
    ];
    const result = saveSurveySchema.safeParse({ study_id: 1, survey_uuid: SURVEY_UUID, steps });
    expect(result.success).toBe(false);
    expect(
      result.error!.issues.map((i) => ({ code: i.code, path: i.path, message: i.message })),
    ).toEqual([
      {
        code: "custom",
        path: ["steps", 1, "blocks", 10, "data_name"],
        message: "Another question already has this data name",
      },
      {
        code: "custom",
        path: ["steps", 1, "blocks", 11, "data_name"],
        message: "A question needs a data name",
      },
    ]);
  });

  it("takes a survey without problems, with or without a version", () => {
    const steps: Step[] = [{ order: 0, blocks: [question("story", 0)] }];
    const base = { study_id: 1, survey_uuid: SURVEY_UUID, steps };
    expect(saveSurveySchema.safeParse(base).success).toBe(true);
    expect(saveSurveySchema.safeParse({ ...base, version: 3 }).data?.version).toBe(3);
  });
});
