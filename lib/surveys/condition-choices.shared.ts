import { comparisonProblem, opsFor } from "./condition-rules.shared";
import {
  conditionParts,
  opTakesValue,
  type Condition,
  type ConditionOp,
  type VisibleIf,
} from "./conditions.shared";
import { isQuestionBlock, type QuestionBlock } from "./editor-rules.shared";
import type { Block, Step } from "./schema.shared";

/**
 * What the editor offers when staff build a condition, from the same rules the save enforces
 * (`conditionProblems`): only earlier questions, only the ops that fit a question, only its real
 * options or a number within its range. Every choice made here gives a condition the save
 * accepts, except an open question's text, which staff type. Browser-safe.
 */

/** Where a condition sits: a step's (`block` absent) or a block's, as array positions. */
export type ConditionPlace = { step: number; block?: number };

/** A question a condition may name, with where it stands (for "step 1, block 2" in words). */
export type EarlierQuestion = { question: QuestionBlock; step: number; block: number };

/**
 * The questions a condition at `place` may name, in survey order: for a step, the questions of
 * earlier steps; for a block, those and the questions before it in its own step. Only the first
 * holder of a data name counts (as on save); questions without a data name cannot be named.
 * The arrays are taken in the order shown (the editor keeps them so).
 */
export function earlierQuestions(steps: readonly Step[], place: ConditionPlace): EarlierQuestion[] {
  const found: EarlierQuestion[] = [];
  const seen = new Set<string>();
  const stepEnd = Math.min(place.step + (place.block === undefined ? 0 : 1), steps.length);
  for (let s = 0; s < stepEnd; s++) {
    const blocks = steps[s].blocks;
    const blockEnd = s === place.step ? (place.block ?? 0) : blocks.length;
    for (let b = 0; b < Math.min(blockEnd, blocks.length); b++) {
      const block = blocks[b];
      const name = block.data_name.trim();
      if (!isQuestionBlock(block) || name === "" || seen.has(name)) continue;
      seen.add(name);
      found.push({ question: block, step: s, block: b });
    }
  }
  return found;
}

/** The ops the editor offers for a question: those that fit it and have a value to pick. */
export function opsOffered(question: QuestionBlock): ConditionOp[] {
  const ops = opsFor(question);
  if (question.type === "multiple_choice" && question.options.length === 0) {
    return ops.filter((op) => !opTakesValue(op));
  }
  return ops;
}

/**
 * The value an op starts with: none for answered / not answered, the first option of a choice,
 * the minimum of a scale, and an empty text for an open question (staff type it).
 */
export function defaultValue(question: QuestionBlock, op: ConditionOp): Condition["value"] {
  if (!opTakesValue(op)) return undefined;
  switch (question.type) {
    case "multiple_choice":
      return question.options[0]?.text;
    case "scale":
      return Math.min(question.min_value, question.max_value);
    case "open_question":
      return "";
  }
}

function comparison(data_name: string, op: ConditionOp, value: Condition["value"]): Condition {
  return value === undefined ? { data_name, op } : { data_name, op, value };
}

/**
 * A new comparison on `question`: "is <first option>" for a choice (or "includes" when several
 * answers are allowed), "is <minimum>" for a scale, "is answered" for an open question, so
 * that it can be saved as soon as it is made.
 */
export function newComparison(question: QuestionBlock): Condition {
  const ops = opsOffered(question);
  const op = question.type === "open_question" ? "answered" : ops[0];
  return comparison(question.data_name.trim(), op, defaultValue(question, op));
}

/** The comparison with another op: its value kept when it still fits, else the op's default. */
export function withOp(condition: Condition, question: QuestionBlock, op: ConditionOp): Condition {
  const kept = comparison(condition.data_name, op, condition.value);
  if (opTakesValue(op) && comparisonProblem(kept, question) === null) return kept;
  return comparison(condition.data_name, op, defaultValue(question, op));
}

/** The comparisons of `visibleIf` as a condition again: one alone, or a list with `combine`. */
export function fromParts(
  combine: "all" | "any",
  conditions: readonly Condition[],
): VisibleIf | undefined {
  if (conditions.length === 0) return undefined;
  if (conditions.length === 1) return conditions[0];
  return combine === "all" ? { all: [...conditions] } : { any: [...conditions] };
}

/** `visibleIf` with the comparison at `index` replaced, or removed when `next` is null. */
export function replaceComparison(
  visibleIf: VisibleIf,
  index: number,
  next: Condition | null,
): VisibleIf | undefined {
  const { combine, conditions } = conditionParts(visibleIf);
  const changed = conditions.flatMap((c, i) => (i !== index ? [c] : next ? [next] : []));
  return fromParts(combine, changed);
}

/** The block's condition set to `visibleIf` (removed when undefined). */
export function withVisibleIf<T extends Block | Step>(
  item: T,
  visibleIf: VisibleIf | undefined,
): T {
  const { visible_if: _old, ...rest } = item;
  return (visibleIf ? { ...rest, visible_if: visibleIf } : rest) as T;
}
