import { describe, expect, it } from "vitest";
import { submitAnswersSchema, type Answer } from "@/lib/surveys/answers.shared";
import type { Block, Step } from "@/lib/surveys/schema.shared";
import {
  checkAnswer,
  collectAnswers,
  isQuestion,
  scaleValues,
  sortedSteps,
  stepProblems,
  validateSubmission,
  type QuestionBlock,
} from "@/lib/surveys/validation.shared";

const open = (is_required: boolean): QuestionBlock => ({
  type: "open_question",
  data_name: "q",
  order: 0,
  question_text: "Q?",
  is_required,
});
const choice = (allow_multiple: boolean, texts = ["A", "B", "C"]): QuestionBlock => ({
  type: "multiple_choice",
  is_required: true,
  data_name: "c",
  order: 0,
  question_text: "C?",
  allow_multiple,
  options: texts.map((text, order) => ({ order, text })),
});
const scale = (min_value = 1, max_value = 5): QuestionBlock => ({
  type: "scale",
  is_required: true,
  data_name: "s",
  order: 0,
  question_text: "S?",
  min_value,
  max_value,
  min_label: "",
  max_label: "",
});
const text: Block = { type: "text", data_name: "t", order: 0, content: "<p>hi</p>" };

const openAnswer = (open_answer: string): Answer => ({
  type: "open_question",
  data_name: "q",
  open_answer,
});
const choiceAnswer = (...selected_options: string[]): Answer => ({
  type: "multiple_choice",
  data_name: "c",
  selected_options,
});
const scaleAnswer = (scale_value: number): Answer => ({
  type: "scale",
  data_name: "s",
  scale_value,
});

describe("checkAnswer: the rules of a step", () => {
  it("flags a required open question that is blank after trimming", () => {
    expect(checkAnswer(open(true), undefined)).toBe("fill_in_answer");
    expect(checkAnswer(open(true), openAnswer(""))).toBe("fill_in_answer");
    expect(checkAnswer(open(true), openAnswer("  \n\t "))).toBe("fill_in_answer");
    expect(checkAnswer(open(true), openAnswer(" x "))).toBeNull();
  });

  it("lets an optional open question stay blank", () => {
    expect(checkAnswer(open(false), undefined)).toBeNull();
    expect(checkAnswer(open(false), openAnswer("   "))).toBeNull();
  });

  it("lets an optional choice or scale question stay unanswered, but checks what is given", () => {
    const optionalChoice = { ...choice(false), is_required: false } as QuestionBlock;
    const optionalScale = { ...scale(), is_required: false } as QuestionBlock;
    expect(checkAnswer(optionalChoice, undefined)).toBeNull();
    expect(checkAnswer(optionalChoice, choiceAnswer())).toBeNull();
    expect(checkAnswer(optionalChoice, choiceAnswer("D"))).toBe("unknown_option");
    expect(checkAnswer(optionalScale, undefined)).toBeNull();
    expect(checkAnswer(optionalScale, scaleAnswer(9))).toBe("out_of_range");
  });

  it("needs at least one option for a required multiple choice, single or several", () => {
    expect(checkAnswer(choice(false), undefined)).toBe("select_option");
    expect(checkAnswer(choice(true), choiceAnswer())).toBe("select_option");
    expect(checkAnswer(choice(false), choiceAnswer("B"))).toBeNull();
    expect(checkAnswer(choice(true), choiceAnswer("A", "C"))).toBeNull();
  });

  it("counts a scale never moved as unanswered", () => {
    expect(checkAnswer(scale(), undefined)).toBe("give_answer");
    expect(checkAnswer(scale(), scaleAnswer(1))).toBeNull();
    expect(checkAnswer(scale(), scaleAnswer(5))).toBeNull();
  });

  it("refuses options that are not offered, offered twice, or more than one when only one is allowed", () => {
    expect(checkAnswer(choice(true), choiceAnswer("D"))).toBe("unknown_option");
    expect(checkAnswer(choice(true), choiceAnswer("a"))).toBe("unknown_option");
    // One offered option beside one that is not: the unknown one is not let through.
    expect(checkAnswer(choice(true), choiceAnswer("A", "D"))).toBe("unknown_option");
    expect(checkAnswer(choice(true), choiceAnswer("D", "A"))).toBe("unknown_option");
    expect(checkAnswer(choice(true), choiceAnswer("A", "A"))).toBe("duplicate_option");
    expect(checkAnswer(choice(false), choiceAnswer("A", "B"))).toBe("one_option_only");
  });

  it("keeps a scale value between min and max", () => {
    expect(checkAnswer(scale(1, 5), scaleAnswer(0))).toBe("out_of_range");
    expect(checkAnswer(scale(1, 5), scaleAnswer(6))).toBe("out_of_range");
    expect(checkAnswer(scale(-2, 2), scaleAnswer(-2))).toBeNull();
    expect(checkAnswer(scale(5, 1), scaleAnswer(3))).toBeNull();
    expect(checkAnswer(scale(5, 1), scaleAnswer(6))).toBe("out_of_range");
  });

  it("refuses an answer of another type", () => {
    expect(checkAnswer(scale(), openAnswer("3"))).toBe("wrong_type");
    expect(checkAnswer(open(false), scaleAnswer(3))).toBe("wrong_type");
  });
});

describe("which blocks are questions", () => {
  it("skips text blocks and multiple choice without options", () => {
    expect(isQuestion(text)).toBe(false);
    expect(isQuestion(choice(false, []))).toBe(false);
    expect(isQuestion(choice(false, ["A"]))).toBe(true);
    expect(isQuestion(open(false))).toBe(true);
    expect(isQuestion(scale())).toBe(true);
  });

  it("lists a scale's values from min to max", () => {
    expect(scaleValues({ min_value: 1, max_value: 5 })).toEqual([1, 2, 3, 4, 5]);
    expect(scaleValues({ min_value: 0, max_value: 0 })).toEqual([0]);
    expect(scaleValues({ min_value: 3, max_value: 1 })).toEqual([3, 2, 1]);
  });
});

describe("stepProblems", () => {
  const step: Step = { order: 0, blocks: [text, open(true), choice(false), scale(), open(false)] };

  it("reports each unanswered question by its block index, and none for text", () => {
    const problems = stepProblems(step, () => undefined);
    expect([...problems.entries()]).toEqual([
      [1, "fill_in_answer"],
      [2, "select_option"],
      [3, "give_answer"],
    ]);
  });

  it("is empty when the step is complete", () => {
    const answers: (Answer | undefined)[] = [
      undefined,
      openAnswer("x"),
      choiceAnswer("A"),
      scaleAnswer(2),
    ];
    expect(stepProblems(step, (i) => answers[i]).size).toBe(0);
  });
});

describe("sortedSteps", () => {
  it("orders steps and blocks by their order field, keeping ties as they were", () => {
    const steps: Step[] = [
      { order: 2, blocks: [] },
      {
        order: 1,
        blocks: [
          { ...scale(), order: 1 },
          { ...open(false), order: 0 },
          { ...text, order: 1 },
        ],
      },
    ];
    const sorted = sortedSteps(steps);
    expect(sorted.map((s) => s.order)).toEqual([1, 2]);
    expect(sorted[0].blocks.map((b) => b.type)).toEqual(["open_question", "scale", "text"]);
  });
});

describe("validateSubmission and collectAnswers agree", () => {
  const steps: Step[] = [
    { order: 0, blocks: [text, { ...open(true), data_name: "story" }] },
    {
      order: 1,
      blocks: [
        { ...choice(true), data_name: "who" },
        { ...scale(), data_name: "how" },
        { ...open(false), data_name: "more" },
      ],
    },
  ];

  it("accepts what the runner collects from a complete survey, with the question texts", () => {
    const state: Record<string, Answer> = {
      "0.1": { type: "open_question", data_name: "story", open_answer: "told" },
      "1.0": { type: "multiple_choice", data_name: "who", selected_options: ["A", "C"] },
      "1.1": { type: "scale", data_name: "how", scale_value: 3 },
      "1.2": { type: "open_question", data_name: "more", open_answer: "  " },
    };
    const answers = collectAnswers(steps, (s, b) => state[`${s}.${b}`]);
    expect(answers.map((a) => a.data_name)).toEqual(["story", "who", "how"]);
    expect(submitAnswersSchema.safeParse({ answers }).success).toBe(true);
    const result = validateSubmission(steps, answers);
    expect(result).toEqual({
      ok: true,
      answers: [
        { type: "open_question", data_name: "story", open_answer: "told", question_text: "Q?" },
        {
          type: "multiple_choice",
          data_name: "who",
          selected_options: ["A", "C"],
          question_text: "C?",
        },
        { type: "scale", data_name: "how", scale_value: 3, question_text: "S?" },
      ],
      shown: ["story", "who", "how", "more"],
    });
  });

  it("collects nothing for a block that takes no answer, whatever the state holds for it", () => {
    const noOptions: Block = { ...choice(true, []), data_name: "empty" };
    const shaky: Step[] = [
      { order: 0, blocks: [text, noOptions, { ...open(true), data_name: "story" }] },
    ];
    const stray: Answer = { type: "open_question", data_name: "story", open_answer: "stray" };
    const answers = collectAnswers(shaky, (_, b) =>
      b === 2 ? { type: "open_question", data_name: "story", open_answer: "told" } : stray,
    );
    expect(answers).toEqual([{ type: "open_question", data_name: "story", open_answer: "told" }]);
  });

  it("reports every missing answer by step and block, with the product's texts", () => {
    expect(validateSubmission(steps, [])).toEqual({
      ok: false,
      fields: {
        "steps.0.blocks.1": "please fill in your answer",
        "steps.1.blocks.0": "please select at least one option",
        "steps.1.blocks.1": "please give your answer",
      },
    });
  });

  it("reports answers that fit no question by their position", () => {
    const complete: Answer[] = [
      { type: "open_question", data_name: "story", open_answer: "x" },
      { type: "multiple_choice", data_name: "who", selected_options: ["B"] },
      { type: "scale", data_name: "how", scale_value: 1 },
    ];
    const result = validateSubmission(steps, [
      ...complete,
      { type: "scale", data_name: "nope", scale_value: 1 },
      { type: "scale", data_name: "how", scale_value: 2 },
      { type: "open_question", data_name: "t", open_answer: "on a text block" },
    ]);
    expect(result).toEqual({
      ok: false,
      fields: {
        "answers.3": "there is no question with this data name",
        "answers.4": "this question was answered more than once",
        "answers.5": "there is no question with this data name",
      },
    });
  });

  it("matches questions that share a data name in order", () => {
    const twins: Step[] = [
      {
        order: 0,
        blocks: [
          { ...scale(1, 3), data_name: "x" },
          { ...scale(10, 12), data_name: "x" },
        ],
      },
    ];
    const ok = validateSubmission(twins, [
      { type: "scale", data_name: "x", scale_value: 2 },
      { type: "scale", data_name: "x", scale_value: 11 },
    ]);
    expect(ok.ok).toBe(true);
    const swapped = validateSubmission(twins, [
      { type: "scale", data_name: "x", scale_value: 11 },
      { type: "scale", data_name: "x", scale_value: 2 },
    ]);
    expect(swapped).toEqual({
      ok: false,
      fields: {
        "steps.0.blocks.0": "the value is outside the scale",
        "steps.0.blocks.1": "the value is outside the scale",
      },
    });
  });

  it("needs no answers at all for a survey of text only", () => {
    expect(validateSubmission([{ order: 0, blocks: [text] }], [])).toEqual({
      ok: true,
      answers: [],
      shown: [],
    });
  });
});

describe("submitAnswersSchema", () => {
  it("refuses answers without their value field or with a value of the wrong kind", () => {
    const bad = [
      { type: "scale", data_name: "s" },
      { type: "scale", data_name: "s", scale_value: 1.5 },
      { type: "open_question", data_name: "q", open_answer: 3 },
      { type: "multiple_choice", data_name: "c", selected_options: "A" },
      { type: "text", data_name: "t" },
      { type: "open_question", data_name: "q", open_answer: "x".repeat(10_001) },
    ];
    for (const answer of bad) {
      expect(
        submitAnswersSchema.safeParse({ answers: [answer] }).success,
        JSON.stringify(answer).slice(0, 80),
      ).toBe(false);
    }
  });

  it("drops fields that belong to other answer types", () => {
    const parsed = submitAnswersSchema.parse({
      answers: [{ type: "scale", data_name: "s", scale_value: 2, open_answer: "smuggled" }],
    });
    expect(parsed.answers[0]).toEqual({ type: "scale", data_name: "s", scale_value: 2 });
  });
});
