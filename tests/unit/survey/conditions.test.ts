import { describe, expect, it } from "vitest";
import { conditionProblems, opsFor } from "@/lib/surveys/condition-rules.shared";
import { visibleIfSchema } from "@/lib/surveys/conditions.shared";
import { saveSurveySchema } from "@/lib/surveys/editor-schemas.shared";
import type { Block, Step } from "@/lib/surveys/schema.shared";

const single: Block = {
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
};
const several: Block = { ...single, data_name: "where", allow_multiple: true };
const scale: Block = {
  type: "scale",
  data_name: "often",
  order: 0,
  question_text: "How often?",
  min_value: 1,
  max_value: 5,
  min_label: "",
  max_label: "",
  is_required: true,
};
const open: Block = {
  type: "open_question",
  data_name: "story",
  order: 0,
  question_text: "Tell",
  is_required: false,
};
const text: Block = { type: "text", data_name: "intro", order: 0, content: "<p>Hi</p>" };

/** Step 0 has the four questions; step 1 holds the block under test; step 2 one more question. */
function survey(visible_if: unknown, where: "block" | "step" = "block"): Step[] {
  const target = { ...open, data_name: "target", order: 0 };
  return [
    {
      order: 0,
      blocks: [text, single, several, scale, open].map((b, order) => ({ ...b, order })),
    },
    where === "step"
      ? ({ order: 1, visible_if, blocks: [target] } as Step)
      : { order: 1, blocks: [{ ...target, visible_if } as Block] },
    { order: 2, blocks: [{ ...open, data_name: "later" }] },
  ];
}

describe("visibleIfSchema", () => {
  it("takes one comparison or a non-empty all / any list of them", () => {
    const leaf = { data_name: "happened", op: "equals", value: "Yes" };
    expect(visibleIfSchema.safeParse(leaf).success).toBe(true);
    expect(visibleIfSchema.safeParse({ all: [leaf, leaf] }).success).toBe(true);
    expect(visibleIfSchema.safeParse({ any: [leaf] }).success).toBe(true);
    expect(visibleIfSchema.parse({ ...leaf, value: "  Yes " })).toEqual(leaf);
  });

  it.each([
    ["an empty list", { all: [] }],
    ["a nested list", { any: [{ all: [{ data_name: "a", op: "answered" }] }] }],
    ["both all and any", { all: [{ data_name: "a", op: "answered" }], any: [] }],
    ["a comparison with a list", { data_name: "a", op: "answered", all: [] }],
    ["an unknown op", { data_name: "a", op: "contains", value: "x" }],
    ["no data name", { data_name: " ", op: "answered" }],
    ["a fraction", { data_name: "a", op: "gte", value: 1.5 }],
    ["a list as value", { data_name: "a", op: "equals", value: ["x"] }],
  ])("refuses %s", (_, value) => {
    expect(visibleIfSchema.safeParse(value).success).toBe(false);
  });
});

describe("opsFor", () => {
  it("offers what fits each kind of question", () => {
    expect(opsFor(single as never)).toContain("equals");
    expect(opsFor(several as never)).not.toContain("equals");
    expect(opsFor(several as never)).toContain("includes");
    expect(opsFor(scale as never)).toEqual(
      expect.arrayContaining(["gte", "lte", "equals", "answered"]),
    );
    expect(opsFor(open as never)).not.toContain("gte");
  });
});

describe("conditionProblems", () => {
  it("accepts a condition for every kind of question and op", () => {
    const good = [
      { data_name: "happened", op: "equals", value: "Yes" },
      { data_name: "happened", op: "not_equals", value: "No" },
      { data_name: "happened", op: "includes", value: "No" },
      { data_name: "where", op: "excludes", value: "Yes" },
      { data_name: "often", op: "gte", value: 5 },
      { data_name: "often", op: "lte", value: 1 },
      { data_name: "often", op: "equals", value: 3 },
      { data_name: "story", op: "equals", value: "ja" },
      { data_name: "story", op: "answered" },
      { data_name: "where", op: "not_answered" },
    ];
    for (const condition of good) {
      expect(conditionProblems(survey(condition)), JSON.stringify(condition)).toEqual({});
      expect(conditionProblems(survey(condition, "step")), JSON.stringify(condition)).toEqual({});
    }
    expect(conditionProblems(survey({ all: good }))).toEqual({});
  });

  it.each([
    ["an unknown question", { data_name: "nowhere", op: "answered" }, "condition_unknown_question"],
    ["a text block", { data_name: "intro", op: "answered" }, "condition_unknown_question"],
    ["a later question", { data_name: "later", op: "answered" }, "condition_later_question"],
    ["the block itself", { data_name: "target", op: "answered" }, "condition_later_question"],
    [
      "an unknown option",
      { data_name: "happened", op: "equals", value: "Ja" },
      "condition_unknown_option",
    ],
    [
      "equals on several choices",
      { data_name: "where", op: "equals", value: "Yes" },
      "condition_wrong_op",
    ],
    ["gte on a choice", { data_name: "happened", op: "gte", value: 1 }, "condition_wrong_op"],
    [
      "includes on a scale",
      { data_name: "often", op: "includes", value: "1" },
      "condition_wrong_op",
    ],
    ["lte on an open question", { data_name: "story", op: "lte", value: 2 }, "condition_wrong_op"],
    [
      "a number for an option",
      { data_name: "happened", op: "equals", value: 1 },
      "condition_wrong_value",
    ],
    ["text for a scale", { data_name: "often", op: "gte", value: "3" }, "condition_wrong_value"],
    ["a value off the scale", { data_name: "often", op: "lte", value: 6 }, "condition_wrong_value"],
    ["an empty text", { data_name: "story", op: "equals", value: "  " }, "condition_wrong_value"],
    ["no value", { data_name: "often", op: "gte" }, "condition_value_missing"],
    [
      "a value with answered",
      { data_name: "story", op: "answered", value: "x" },
      "condition_value_not_expected",
    ],
  ])("refuses %s, at the condition's path", (_, condition, problem) => {
    const blockSteps = saveSurveySchema.shape.steps.parse(survey(condition));
    expect(conditionProblems(blockSteps)).toEqual({ "steps.1.blocks.0.visible_if": problem });
    const stepSteps = saveSurveySchema.shape.steps.parse(survey(condition, "step"));
    expect(conditionProblems(stepSteps)).toEqual({ "steps.1.visible_if": problem });
    // In a list, one bad comparison is enough.
    const inList = saveSurveySchema.shape.steps.parse(
      survey({ any: [{ data_name: "story", op: "answered" }, condition] }),
    );
    expect(conditionProblems(inList)).toEqual({ "steps.1.blocks.0.visible_if": problem });
  });

  it("refuses spaces alone in the editor's copy too, before the save trims them away", () => {
    // The editor checks the steps as typed, untrimmed: the same answer as after the save's trim.
    const untrimmed = survey({ data_name: "story", op: "equals", value: "   " });
    expect(conditionProblems(untrimmed)).toEqual({
      "steps.1.blocks.0.visible_if": "condition_wrong_value",
    });
  });

  it("lets a step name only questions of earlier steps, a block also those before it", () => {
    const steps: Step[] = [
      {
        order: 0,
        visible_if: { data_name: "first", op: "answered" },
        blocks: [
          { ...open, data_name: "first", order: 0 },
          {
            ...open,
            data_name: "second",
            order: 1,
            visible_if: { data_name: "first", op: "answered" },
          },
        ],
      },
    ];
    expect(conditionProblems(steps)).toEqual({ "steps.0.visible_if": "condition_later_question" });
  });

  it("reads 'earlier' from the order fields, reporting the paths of the arrays as sent", () => {
    const steps: Step[] = [
      {
        order: 1,
        blocks: [
          { ...open, data_name: "second", visible_if: { data_name: "first", op: "answered" } },
        ],
      },
      {
        order: 0,
        blocks: [
          { ...open, data_name: "first", visible_if: { data_name: "second", op: "answered" } },
        ],
      },
    ];
    expect(conditionProblems(steps)).toEqual({
      "steps.1.blocks.0.visible_if": "condition_later_question",
    });
  });
});

describe("saveSurveySchema", () => {
  const body = (steps: unknown) => ({
    study_id: 1,
    survey_uuid: "6f1c2f0e-8a53-4c43-9d8e-2f2f1f0a0b0c",
    steps,
  });
  const paths = (steps: unknown) => {
    const result = saveSurveySchema.safeParse(body(steps));
    return result.success ? [] : result.error.issues.map((i) => i.path.join("."));
  };

  it("refuses a malformed condition and a dangling one with the condition's path", () => {
    expect(paths(survey({ all: [] }))).toEqual(["steps.1.blocks.0.visible_if"]);
    expect(paths(survey({ data_name: "later", op: "answered" }, "step"))).toEqual([
      "steps.1.visible_if",
    ]);
    expect(paths(survey({ data_name: "happened", op: "equals", value: "Yes" }))).toEqual([]);
  });

  it("keeps is_required on every question, with the defaults when left out", () => {
    const parsed = saveSurveySchema.parse(
      body([
        {
          order: 0,
          blocks: [
            { type: "open_question", data_name: "a", order: 0 },
            { type: "multiple_choice", data_name: "b", order: 1 },
            { type: "scale", data_name: "c", order: 2 },
            { type: "scale", data_name: "d", order: 3, is_required: false },
          ],
        },
      ]),
    );
    expect(parsed.steps[0].blocks.map((b) => "is_required" in b && b.is_required)).toEqual([
      false,
      true,
      true,
      false,
    ]);
  });
});
