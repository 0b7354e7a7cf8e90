import fc from "fast-check";
import type { Answer } from "@/lib/surveys/answers.shared";
import { opsFor } from "@/lib/surveys/condition-rules.shared";
import type { Condition, VisibleIf } from "@/lib/surveys/conditions.shared";
import type { QuestionBlock } from "@/lib/surveys/editor-rules.shared";
import type { Block, Step } from "@/lib/surveys/schema.shared";

/**
 * fast-check generators of surveys with skip logic and of answers to them. Every survey is one
 * the save accepts: unique data names, unique option texts, and conditions that name only
 * earlier questions with ops and values that fit them. Blocks are generated as "shapes" first
 * and the conditions filled in afterwards, since a condition depends on what came before.
 */

const OPTION_TEXTS = ["Yes", "No", "Maybe", "Often", "Never"];

type Shape =
  | { kind: "text" }
  | { kind: "open"; required: boolean }
  | { kind: "choice"; required: boolean; multiple: boolean; options: number }
  | { kind: "scale"; required: boolean; min: number; span: number };

const shapeArb: fc.Arbitrary<Shape> = fc.oneof(
  fc.constant<Shape>({ kind: "text" }),
  fc.record({ kind: fc.constant("open" as const), required: fc.boolean() }),
  fc.record({
    kind: fc.constant("choice" as const),
    required: fc.boolean(),
    multiple: fc.boolean(),
    options: fc.integer({ min: 1, max: 4 }),
  }),
  fc.record({
    kind: fc.constant("scale" as const),
    required: fc.boolean(),
    min: fc.integer({ min: -3, max: 3 }),
    span: fc.integer({ min: 0, max: 5 }),
  }),
);

function blockOf(shape: Shape, order: number, name: string): Block {
  switch (shape.kind) {
    case "text":
      return { type: "text", data_name: "", order, content: `<p>${name}</p>` };
    case "open":
      return {
        type: "open_question",
        data_name: name,
        order,
        question_text: `${name}?`,
        is_required: shape.required,
      };
    case "choice":
      return {
        type: "multiple_choice",
        data_name: name,
        order,
        question_text: `${name}?`,
        allow_multiple: shape.multiple,
        is_required: shape.required,
        options: OPTION_TEXTS.slice(0, shape.options).map((text, o) => ({ order: o, text })),
      };
    case "scale":
      return {
        type: "scale",
        data_name: name,
        order,
        question_text: `${name}?`,
        min_value: shape.min,
        max_value: shape.min + shape.span,
        min_label: "",
        max_label: "",
        is_required: shape.required,
      };
  }
}

/** A comparison that fits `question`, chosen by the numbers in `pick`. */
function comparisonFor(question: QuestionBlock, pick: number[]): Condition {
  const ops = opsFor(question);
  const op = ops[pick[0] % ops.length];
  const base = { data_name: question.data_name, op };
  if (op === "answered" || op === "not_answered") return base;
  switch (question.type) {
    case "multiple_choice":
      return { ...base, value: question.options[pick[1] % question.options.length].text };
    case "scale":
      return {
        ...base,
        value: question.min_value + (pick[1] % (question.max_value - question.min_value + 1)),
      };
    case "open_question":
      return { ...base, value: ["a", "b"][pick[1] % 2] };
  }
}

/** A condition over `earlier` questions, or none (also when there is nothing earlier). */
function conditionFor(earlier: QuestionBlock[], plan: number[]): VisibleIf | undefined {
  if (earlier.length === 0 || plan[0] % 3 === 0) return undefined;
  const count = 1 + (plan[1] % 3);
  const parts = Array.from({ length: count }, (_, i) =>
    comparisonFor(earlier[plan[2 + i] % earlier.length], [plan[5 + i], plan[8 + i]]),
  );
  if (count === 1 && plan[11] % 2 === 0) return parts[0];
  return plan[12] % 2 === 0 ? { all: parts } : { any: parts };
}

const planArb = fc.array(fc.nat({ max: 1000 }), { minLength: 13, maxLength: 13 });

/** A survey with conditions on steps and blocks, valid for the save. */
export const surveyArb: fc.Arbitrary<Step[]> = fc
  .array(
    fc.record({
      plan: planArb,
      blocks: fc.array(fc.record({ shape: shapeArb, plan: planArb }), {
        minLength: 0,
        maxLength: 4,
      }),
    }),
    { minLength: 1, maxLength: 4 },
  )
  .map((stepShapes) => {
    const questions: QuestionBlock[] = [];
    let n = 0;
    return stepShapes.map((stepShape, s) => {
      const stepCondition = conditionFor([...questions], stepShape.plan);
      const blocks = stepShape.blocks.map(({ shape, plan }, b) => {
        const block = blockOf(shape, b, `q${n++}`);
        const visible_if = conditionFor([...questions], plan);
        if (block.type !== "text") questions.push(block);
        return visible_if ? { ...block, visible_if } : block;
      });
      return stepCondition ? { order: s, blocks, visible_if: stepCondition } : { order: s, blocks };
    });
  });

/** An answer to `block` (or none, or a blank one), chosen by `pick`. */
export function answerTo(block: QuestionBlock, pick: number[]): Answer | undefined {
  const kind = pick[0] % 4;
  if (kind === 0) return undefined;
  const data_name = block.data_name;
  switch (block.type) {
    case "open_question":
      return { type: "open_question", data_name, open_answer: ["a", "b", " a ", ""][kind] };
    case "multiple_choice": {
      if (kind === 3) return { type: "multiple_choice", data_name, selected_options: [] };
      const texts = block.options.map((o) => o.text);
      const chosen = texts.filter((_, i) => (pick[1] >> i) & 1);
      const selected = block.allow_multiple
        ? chosen.length > 0
          ? chosen
          : [texts[0]]
        : [texts[pick[1] % texts.length]];
      return { type: "multiple_choice", data_name, selected_options: selected };
    }
    case "scale": {
      const span = block.max_value - block.min_value + 1;
      return { type: "scale", data_name, scale_value: block.min_value + (pick[1] % span) };
    }
  }
}

/** What a participant's browser holds: an answer (or none) for every block, by "step.block". */
export const answerPicksArb = fc.array(
  fc.array(fc.nat({ max: 1000 }), { minLength: 2, maxLength: 2 }),
  {
    minLength: 20,
    maxLength: 20,
  },
);

/** The answers the picks give, by position; text blocks get none. */
export function answersByPosition(
  steps: readonly Step[],
  picks: number[][],
): (s: number, b: number) => Answer | undefined {
  const held = new Map<string, Answer | undefined>();
  let i = 0;
  steps.forEach((step, s) =>
    step.blocks.forEach((block, b) => {
      if (block.type === "text") return;
      held.set(`${s}.${b}`, answerTo(block, picks[i++ % picks.length]));
    }),
  );
  return (s, b) => held.get(`${s}.${b}`);
}
