import {
  conditionParts,
  type Condition,
  type ConditionOp,
  type VisibleIf,
} from "./conditions.shared";
import { isQuestionBlock, type QuestionBlock } from "./editor-rules.shared";
import type { Step } from "./schema.shared";

/**
 * What a condition may say, shared by the editor (which offers only what fits) and the survey
 * save (which refuses anything else), so a survey that saved is a survey that runs. Browser-safe.
 */

/** The ops that apply to a question, in the order the editor offers them. */
export function opsFor(block: QuestionBlock): ConditionOp[] {
  switch (block.type) {
    case "open_question":
      return ["equals", "not_equals", "answered", "not_answered"];
    case "multiple_choice":
      return block.allow_multiple
        ? ["includes", "excludes", "answered", "not_answered"]
        : ["equals", "not_equals", "includes", "excludes", "answered", "not_answered"];
    case "scale":
      return ["equals", "not_equals", "gte", "lte", "answered", "not_answered"];
  }
}

export type ConditionProblem =
  | "condition_unknown_question"
  | "condition_later_question"
  | "condition_wrong_op"
  | "condition_value_missing"
  | "condition_value_not_expected"
  | "condition_unknown_option"
  | "condition_wrong_value";

/** The server's English texts; the editor shows its own translations of the same problems. */
export const conditionProblemMessages: Record<ConditionProblem, string> = {
  condition_unknown_question: "The condition names a question that is not in the survey",
  condition_later_question: "A condition may only name a question that comes before it",
  condition_wrong_op: "This comparison does not apply to the question's type",
  condition_value_missing: "The condition needs a value to compare with",
  condition_value_not_expected: "Answered and not answered take no value",
  condition_unknown_option: "This is not one of the question's options",
  condition_wrong_value: "The value does not fit the question",
};

/** What is wrong with one comparison, given the question it names (or null when it is fine). */
export function comparisonProblem(
  condition: Condition,
  question: QuestionBlock,
): ConditionProblem | null {
  const { op, value } = condition;
  if (!opsFor(question).includes(op)) return "condition_wrong_op";
  if (op === "answered" || op === "not_answered") {
    return value === undefined ? null : "condition_value_not_expected";
  }
  if (value === undefined) return "condition_value_missing";
  switch (question.type) {
    case "multiple_choice":
      if (typeof value !== "string") return "condition_wrong_value";
      return question.options.some((o) => o.text === value) ? null : "condition_unknown_option";
    case "scale": {
      const low = Math.min(question.min_value, question.max_value);
      const high = Math.max(question.min_value, question.max_value);
      return typeof value === "number" && value >= low && value <= high
        ? null
        : "condition_wrong_value";
    }
    case "open_question":
      // Compared with the trimmed answer, and a blank answer is no answer: "" never matches.
      // Trimmed here too: the save trims it, so spaces alone are refused there, and the editor
      // must say so at once rather than after the refusal.
      return typeof value === "string" && value.trim() !== "" ? null : "condition_wrong_value";
  }
}

/** The question blocks of the survey by trimmed data name (the first holder of each name). */
function questionsByName(steps: readonly Step[]): Map<string, QuestionBlock> {
  const byName = new Map<string, QuestionBlock>();
  for (const step of steps)
    for (const block of step.blocks) {
      const name = block.data_name.trim();
      if (isQuestionBlock(block) && name !== "" && !byName.has(name)) byName.set(name, block);
    }
  return byName;
}

function visibleIfProblem(
  visibleIf: VisibleIf,
  earlier: ReadonlyMap<string, QuestionBlock>,
  all: ReadonlyMap<string, QuestionBlock>,
): ConditionProblem | null {
  for (const condition of conditionParts(visibleIf).conditions) {
    const question = earlier.get(condition.data_name);
    if (!question) {
      return all.has(condition.data_name)
        ? "condition_later_question"
        : "condition_unknown_question";
    }
    const problem = comparisonProblem(condition, question);
    if (problem) return problem;
  }
  return null;
}

/** Indexes of `items` in the order their `order` fields say (equal orders in array order). */
function indexesInOrder(items: readonly { order: number }[]): number[] {
  return items.map((_, i) => i).sort((a, b) => items[a].order - items[b].order || a - b);
}

/**
 * The conditions that cannot be saved, keyed by field path in the arrays as given
 * (`steps.2.visible_if`, `steps.2.blocks.0.visible_if`), the first problem of each. "Earlier"
 * is the order the survey is shown in (the `order` fields). A step's condition may name
 * questions of earlier steps; a block's those and the questions before it in its own step.
 * Every comparison must fit the question it names: an op of its type, an existing option, a
 * whole number within the scale, a non-empty text for an open question, and no value with
 * answered / not answered.
 */
export function conditionProblems(steps: readonly Step[]): Record<string, ConditionProblem> {
  const problems: Record<string, ConditionProblem> = {};
  const all = questionsByName(steps);
  const earlier = new Map<string, QuestionBlock>();
  for (const s of indexesInOrder(steps)) {
    const step = steps[s];
    if (step.visible_if) {
      const problem = visibleIfProblem(step.visible_if, earlier, all);
      if (problem) problems[`steps.${s}.visible_if`] = problem;
    }
    for (const b of indexesInOrder(step.blocks)) {
      const block = step.blocks[b];
      if (block.visible_if) {
        const problem = visibleIfProblem(block.visible_if, earlier, all);
        if (problem) problems[`steps.${s}.blocks.${b}.visible_if`] = problem;
      }
      const name = block.data_name.trim();
      if (isQuestionBlock(block) && name !== "" && !earlier.has(name)) earlier.set(name, block);
    }
  }
  return problems;
}
