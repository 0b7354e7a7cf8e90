import { describe, expect, it } from "vitest";
import {
  addOption,
  canAddOption,
  changeBlockType,
  defaultBlock,
  defaultDataName,
  moveItem,
  removeItem,
  renumber,
  scaleBound,
  sortAndRenumber,
  suggestDataName,
} from "@/lib/surveys/editor-rules.shared";
import { surveyProblems } from "@/lib/surveys/survey-problems.shared";
import { saveSurveySchema } from "@/lib/surveys/editor-schemas.shared";
import {
  blockSchema,
  MAX_OPTIONS,
  MAX_TEXT_CONTENT,
  type Block,
  type Step,
} from "@/lib/surveys/schema.shared";

const SURVEY_UUID = "0b6e4b8e-9a53-4c1e-9f53-1f0c5d2f1a10";

const open = (data_name: string, order = 0): Block => ({
  type: "open_question",
  data_name,
  order,
  question_text: `Question ${data_name}?`,
  is_required: true,
});
const text = (data_name: string, order = 0): Block => ({
  type: "text",
  data_name,
  order,
  content: "<p>hi</p>",
});
const choice = (data_name: string, texts: string[], order = 0): Block => ({
  type: "multiple_choice",
  is_required: true,
  data_name,
  order,
  question_text: "Which?",
  allow_multiple: false,
  options: texts.map((t, i) => ({ order: i, text: t })),
});

describe("defaultBlock", () => {
  it("gives each type the schema's defaults", () => {
    expect(defaultBlock("text")).toEqual({ type: "text", data_name: "", order: 0, content: "" });
    expect(defaultBlock("open_question", { data_name: "q", order: 2 })).toEqual({
      type: "open_question",
      data_name: "q",
      order: 2,
      question_text: "",
      is_required: false,
    });
    expect(defaultBlock("multiple_choice")).toEqual({
      type: "multiple_choice",
      data_name: "",
      order: 0,
      question_text: "",
      allow_multiple: false,
      is_required: true,
      options: [],
    });
    expect(defaultBlock("scale")).toEqual({
      type: "scale",
      data_name: "",
      order: 0,
      question_text: "",
      min_value: 1,
      max_value: 5,
      min_label: "",
      max_label: "",
      is_required: true,
    });
  });
});

describe("changeBlockType", () => {
  it("resets to the new type's defaults, keeping data_name and order only", () => {
    const before = choice("where", ["Home", "Work"], 3);
    expect(changeBlockType(before, "scale")).toEqual({
      type: "scale",
      data_name: "where",
      order: 3,
      question_text: "",
      min_value: 1,
      max_value: 5,
      min_label: "",
      max_label: "",
      is_required: true,
    });
    expect(changeBlockType(open("story", 1), "text")).toEqual({
      type: "text",
      data_name: "story",
      order: 1,
      content: "",
    });
  });

  it("keeps the block's condition, which belongs to its place in the survey", () => {
    const visible_if = { data_name: "earlier", op: "answered" as const };
    const changed = changeBlockType({ ...open("story", 1), visible_if }, "scale");
    expect(changed).toMatchObject({ type: "scale", data_name: "story", visible_if });
    expect("visible_if" in changeBlockType(open("story", 1), "scale")).toBe(false);
  });

  it("changes nothing when the type stays the same", () => {
    const block = open("story", 1);
    expect(changeBlockType(block, "open_question")).toBe(block);
  });
});

describe("renumbering", () => {
  it("numbers steps, blocks and options from 0 in array order", () => {
    const steps: Step[] = [
      { order: 4, blocks: [open("a", 7), choice("b", ["x", "y"], 9)] },
      { order: 9, blocks: [] },
    ];
    steps[0].blocks[1] = { ...(steps[0].blocks[1] as Extract<Block, { type: "multiple_choice" }>) };
    const b = steps[0].blocks[1] as Extract<Block, { type: "multiple_choice" }>;
    b.options = [
      { order: 5, text: "x" },
      { order: 1, text: "y" },
    ];
    const result = renumber(steps);
    expect(result.map((s) => s.order)).toEqual([0, 1]);
    expect(result[0].blocks.map((bl) => bl.order)).toEqual([0, 1]);
    const options = (result[0].blocks[1] as typeof b).options;
    expect(options).toEqual([
      { order: 0, text: "x" },
      { order: 1, text: "y" },
    ]);
  });

  it("sorts by the given order first when the server normalises a save", () => {
    const steps: Step[] = [
      { order: 5, blocks: [open("late", 3), open("early", 1)] },
      { order: 2, blocks: [choice("c", ["one", "two"])] },
    ];
    (steps[1].blocks[0] as Extract<Block, { type: "multiple_choice" }>).options = [
      { order: 8, text: "two" },
      { order: 3, text: "one" },
    ];
    const result = sortAndRenumber(steps);
    expect(result[0].blocks[0].data_name).toBe("c");
    expect(result[0].order).toBe(0);
    expect(result[1].order).toBe(1);
    expect(result[1].blocks.map((bl) => [bl.data_name, bl.order])).toEqual([
      ["early", 0],
      ["late", 1],
    ]);
    expect((result[0].blocks[0] as Extract<Block, { type: "multiple_choice" }>).options).toEqual([
      { order: 0, text: "one" },
      { order: 1, text: "two" },
    ]);
  });

  it("moves and removes items and renumbers what is left", () => {
    const blocks = [open("a", 0), open("b", 1), open("c", 2)];
    expect(moveItem(blocks, 2, 0).map((bl) => [bl.data_name, bl.order])).toEqual([
      ["c", 0],
      ["a", 1],
      ["b", 2],
    ]);
    expect(moveItem(blocks, 0, 5).map((bl) => bl.data_name)).toEqual(["a", "b", "c"]);
    expect(moveItem(blocks, 0, 2).map((bl) => [bl.data_name, bl.order])).toEqual([
      ["b", 0],
      ["c", 1],
      ["a", 2],
    ]);
    // A move from or to a place outside the list (one past either end) changes nothing.
    for (const [from, to] of [
      [-1, 0],
      [0, -1],
      [3, 0],
      [0, 3],
      [1, 1],
    ]) {
      const moved = moveItem(blocks, from, to);
      expect(moved, `${from} → ${to}`).toEqual(blocks);
      expect(moved).not.toBe(blocks);
    }
    expect(removeItem(blocks, 0).map((bl) => [bl.data_name, bl.order])).toEqual([
      ["b", 0],
      ["c", 1],
    ]);
  });
});

describe("options", () => {
  const block = choice("c", ["Home"]) as Extract<Block, { type: "multiple_choice" }>;

  it("adds no option beyond the most a question holds", () => {
    const options = Array.from({ length: MAX_OPTIONS - 1 }, (_, i) => ({ order: i, text: `${i}` }));
    const almost = { ...block, options };
    expect(canAddOption(almost.options, "last")).toBe(true);
    const full = addOption(almost, "last");
    expect(full.options).toHaveLength(MAX_OPTIONS);
    expect(canAddOption(full.options, "one more")).toBe(false);
    expect(addOption(full, "one more")).toBe(full);
    expect(blockSchema.safeParse(full).success).toBe(true);
  });

  it("adds an option only when its trimmed text is non-empty", () => {
    expect(canAddOption(block.options, "   ")).toBe(false);
    expect(canAddOption(block.options, "")).toBe(false);
    expect(addOption(block, "  \t ")).toBe(block);
    expect(addOption(block, "  Work  ").options).toEqual([
      { order: 0, text: "Home" },
      { order: 1, text: "Work" },
    ]);
  });

  it("does not add an option the block already has", () => {
    expect(canAddOption(block.options, " Home ")).toBe(false);
    const two = addOption(block, "Work").options;
    expect(canAddOption(two, "Work")).toBe(false);
    expect(canAddOption(two, "School")).toBe(true);
    expect(addOption(block, "Home")).toBe(block);
  });
});

describe("scaleBound", () => {
  it("falls back to 1 for the minimum and 5 for the maximum when not a number", () => {
    for (const input of ["", "  ", "abc", NaN, undefined, null, Infinity, "1e999"]) {
      expect(scaleBound(input, "min")).toBe(1);
      expect(scaleBound(input, "max")).toBe(5);
    }
  });

  it("keeps numbers, whole and within the schema's range", () => {
    expect(scaleBound("0", "min")).toBe(0);
    expect(scaleBound(" 7 ", "max")).toBe(7);
    expect(scaleBound(-3, "min")).toBe(-3);
    expect(scaleBound("2.9", "max")).toBe(2);
    expect(scaleBound(50_000, "max")).toBe(1000);
    expect(scaleBound(-50_000, "min")).toBe(-1000);
  });
});

describe("data names", () => {
  it("suggests a name from the question text", () => {
    expect(suggestDataName("How old are you?")).toBe("how_old_are_you");
    expect(suggestDataName("Wat is je leeftijd, in jaren?")).toBe("wat_is_je_leeftijd_in_jaren");
    expect(suggestDataName("Één café à Zürich")).toBe("een_cafe_a_zurich");
    expect(suggestDataName("2 keer?")).toBe("q_2_keer");
    expect(suggestDataName("?!…")).toBeNull();
    const long = suggestDataName(
      "Did anyone you know help you afterwards in any way at all, and how?",
    );
    expect(long!.length).toBeLessThanOrEqual(40);
    expect(long).toBe("did_anyone_you_know_help_you_afterwards");
  });

  it("cuts a first word longer than a name may be, and puts q_ only before a leading digit", () => {
    const word = "a".repeat(45);
    expect(suggestDataName(`${word} more`)).toBe("a".repeat(40));
    // Exactly 40 characters is still whole.
    expect(suggestDataName(`${"b".repeat(36)} cde fg`)).toBe(`${"b".repeat(36)}_cde`);
    expect(suggestDataName("Age in 2024")).toBe("age_in_2024");
    expect(suggestDataName("--Age  ..  now--")).toBe("age_now");
    expect(suggestDataName("Age")).toBe("age");
  });

  it("adds a number to a suggestion that is taken", () => {
    expect(suggestDataName("Age", ["age"])).toBe("age_2");
    expect(suggestDataName("Age", ["age", "age_2"])).toBe("age_3");
  });

  it("gives a new question a unique default name", () => {
    const steps: Step[] = [
      { order: 0, blocks: [text("", 0), open("question_1", 1)] },
      { order: 1, blocks: [open("question_3", 0)] },
    ];
    // Two questions so far: the third is question_3, which is taken, so question_4.
    expect(defaultDataName(steps)).toBe("question_4");
    expect(defaultDataName([])).toBe("question_1");
    // Text blocks are not counted, and a name is compared trimmed.
    expect(
      defaultDataName([
        { order: 0, blocks: [text("t1", 0), text("t2", 1), open(" question_2 ", 2)] },
      ]),
    ).toBe("question_3");
  });
});

/** A required scale question from `min_value` to `max_value`, named after its range. */
const scale = (min_value: number, max_value: number): Step["blocks"][number] => ({
  type: "scale",
  data_name: `s${min_value}_${max_value}`,
  order: 0,
  question_text: "How much?",
  min_value,
  max_value,
  min_label: "",
  max_label: "",
  is_required: true,
});

describe("surveyProblems", () => {
  it("requires a data name on every question block, and a unique one", () => {
    const steps: Step[] = [
      { order: 0, blocks: [open("age", 0), open("  ", 1)] },
      { order: 1, blocks: [choice("age", ["a"], 0), open("story", 1)] },
    ];
    expect(surveyProblems(steps)).toEqual({
      "steps.0.blocks.1.data_name": "data_name_required",
      "steps.1.blocks.0.data_name": "data_name_duplicate",
    });
  });

  it("lets text blocks leave their data name empty or repeat one", () => {
    const steps: Step[] = [
      { order: 0, blocks: [text("", 0), text("", 1), text("intro", 2), text("intro", 3)] },
      { order: 1, blocks: [open("intro", 0)] },
    ];
    expect(surveyProblems(steps)).toEqual({});
  });

  it("refuses the same option twice in one block", () => {
    const steps: Step[] = [{ order: 0, blocks: [choice("c", ["Home", "Work", "Home"])] }];
    expect(surveyProblems(steps)).toEqual({
      "steps.0.blocks.0.options.2.text": "option_duplicate",
    });
  });

  it("refuses an option without text (cleared to be retyped), as the server's schema does", () => {
    const steps: Step[] = [{ order: 0, blocks: [choice("c", ["Home", "", "  "])] }];
    expect(surveyProblems(steps)).toEqual({
      "steps.0.blocks.0.options.1.text": "option_required",
      "steps.0.blocks.0.options.2.text": "option_required",
    });
  });

  it("refuses a text block whose HTML is longer than the limit, markup counted", () => {
    const at = (length: number): Block => ({
      type: "text",
      data_name: "",
      order: 1,
      content: `<p>${"a".repeat(length - 7)}</p>`,
    });
    expect(surveyProblems([{ order: 0, blocks: [at(MAX_TEXT_CONTENT)] }])).toEqual({});
    expect(
      surveyProblems([{ order: 0, blocks: [open("q", 0), at(MAX_TEXT_CONTENT + 1)] }]),
    ).toEqual({
      "steps.0.blocks.1.content": "text_too_long",
    });
  });

  it("refuses a scale whose minimum is above its maximum, at the maximum", () => {
    expect(surveyProblems([{ order: 0, blocks: [scale(5, 1)] }])).toEqual({
      "steps.0.blocks.0.max_value": "scale_min_above_max",
    });
    expect(surveyProblems([{ order: 0, blocks: [scale(3, 3)] }])).toEqual({});
    expect(surveyProblems([{ order: 0, blocks: [scale(-2, 2)] }])).toEqual({});
  });

  it("refuses a scale that includes -99, the export's code for 'shown, not answered'", () => {
    for (const [min, max] of [
      [-100, 100],
      [-99, 0],
      [-1000, -99],
      [-99, -99],
    ]) {
      expect(surveyProblems([{ order: 0, blocks: [scale(min, max)] }]), `${min}..${max}`).toEqual({
        "steps.0.blocks.0.min_value": "scale_includes_missing_code",
      });
    }
    for (const [min, max] of [
      [-98, 100],
      [-1000, -100],
      [1, 5],
    ]) {
      expect(surveyProblems([{ order: 0, blocks: [scale(min, max)] }]), `${min}..${max}`).toEqual(
        {},
      );
    }
  });

  it("is part of the save schema, with the field's path", () => {
    const result = saveSurveySchema.safeParse({
      study_id: 1,
      survey_uuid: SURVEY_UUID,
      steps: [{ order: 0, blocks: [open("x", 0), open("x", 1)] }],
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["steps.0.blocks.1.data_name", "Another question already has this data name"],
    ]);
  });

  it("gives the form and the route custom issues whose indexes are numbers, two digits too", () => {
    const many = Array.from({ length: 10 }, (_, i) => open(`q${i}`, i));
    const result = saveSurveySchema.safeParse({
      study_id: 1,
      survey_uuid: SURVEY_UUID,
      steps: [
        { order: 0, blocks: [open("story", 0)] },
        { order: 1, blocks: [...many, open("story", 10), open("", 11)] },
      ],
    });
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

  it("lets a survey without problems through the save schema, with or without a version", () => {
    const base = {
      study_id: 1,
      survey_uuid: SURVEY_UUID,
      steps: [{ order: 0, blocks: [open("story", 0)] }],
    };
    expect(saveSurveySchema.safeParse(base).success).toBe(true);
    expect(saveSurveySchema.safeParse({ ...base, version: 3 }).data?.version).toBe(3);
  });
});
