import type { Answer } from "./answers.shared";
import { conditionParts, type Condition, type VisibleIf } from "./conditions.shared";
import { isQuestionBlock, type QuestionBlock } from "./editor-rules.shared";
import type { Block, Step } from "./schema.shared";

/**
 * The path through a survey: which steps and blocks a participant is shown, given their
 * answers. The one function both sides use: the runner to decide what to show next, the submit
 * endpoint to decide which answers to keep. Browser-safe, pure.
 *
 * Reading order decides: a step's condition sees the answers to questions shown in earlier
 * steps; a block's condition sees those and the questions shown before it in its own step. A
 * comparison with a question that was not shown (hidden, later, or not in the survey) is false,
 * except `not_answered`, which is true. Every other op needs an answer: "is not Yes" holds for
 * an answer other than Yes, not for a question left blank.
 */

export type StepOnPath = {
  /** The step's own condition holds. A step whose every block is hidden is still skipped. */
  shown: boolean;
  /** Per block, in the step's order: shown (always false in a hidden step). */
  blocks: boolean[];
};

export type SurveyPath = { steps: StepOnPath[] };

/** Whether an answer says something: a trimmed open answer, a chosen option, a scale value. */
export function isAnswerGiven(answer: Answer | undefined): answer is Answer {
  if (!answer) return false;
  switch (answer.type) {
    case "open_question":
      return answer.open_answer.trim() !== "";
    case "multiple_choice":
      return answer.selected_options.length > 0;
    case "scale":
      return true;
  }
}

/** `answer` is the answer to a question that was shown (undefined: shown, left unanswered). */
function holds(condition: Condition, answer: Answer | undefined): boolean {
  if (condition.op === "not_answered") return !isAnswerGiven(answer);
  if (!isAnswerGiven(answer)) return false;
  const { op, value } = condition;
  switch (op) {
    case "answered":
      return true;
    case "equals":
    case "not_equals": {
      const same = equalsValue(answer, value);
      return op === "equals" ? same : !same;
    }
    case "includes":
    case "excludes": {
      if (answer.type !== "multiple_choice") return false;
      const chosen = typeof value === "string" && answer.selected_options.includes(value);
      return op === "includes" ? chosen : !chosen;
    }
    case "gte":
    case "lte":
      if (answer.type !== "scale" || typeof value !== "number") return false;
      return op === "gte" ? answer.scale_value >= value : answer.scale_value <= value;
  }
}

function equalsValue(answer: Answer, value: Condition["value"]): boolean {
  switch (answer.type) {
    case "open_question":
      return answer.open_answer.trim() === value;
    case "multiple_choice":
      return answer.selected_options.length === 1 && answer.selected_options[0] === value;
    case "scale":
      return answer.scale_value === value;
  }
}

/** What a condition sees: the questions shown so far, by data name, with their answers. */
type ShownSoFar = Map<string, Answer | undefined>;

function visible(visibleIf: VisibleIf | undefined, shown: ShownSoFar): boolean {
  if (!visibleIf) return true;
  const { combine, conditions } = conditionParts(visibleIf);
  const test = (c: Condition) =>
    shown.has(c.data_name) ? holds(c, shown.get(c.data_name)) : c.op === "not_answered";
  return combine === "all" ? conditions.every(test) : conditions.some(test);
}

/**
 * The path for the answers `answerFor` gives, by position in `steps` (in the order shown).
 * Only answers to shown questions are read; should two questions share a data name (surveys
 * saved before names had to be unique, which cannot carry conditions), conditions see the first.
 */
export function surveyPath(
  steps: readonly Step[],
  answerFor: (stepIndex: number, blockIndex: number) => Answer | undefined,
): SurveyPath {
  const shownSoFar: ShownSoFar = new Map();
  return {
    steps: steps.map((step, s) => {
      const stepShown = visible(step.visible_if, shownSoFar);
      const blocks = step.blocks.map((block, b) => {
        if (!stepShown || !visible(block.visible_if, shownSoFar)) return false;
        // A multiple-choice block without options has nothing to show (the runner draws
        // nothing for it): not shown, so it is never sealed as "shown, not answered" and a step
        // holding only such blocks is skipped. Conditions on it see "not answered" either way.
        if (isQuestionBlock(block) && !isQuestion(block)) return false;
        const name = block.data_name.trim();
        if (isQuestionBlock(block) && name !== "" && !shownSoFar.has(name)) {
          const answer = answerFor(s, b);
          shownSoFar.set(name, answer?.type === block.type ? answer : undefined);
        }
        return true;
      });
      return { shown: stepShown, blocks };
    }),
  };
}

/**
 * Whether a block takes an answer. Text blocks do not; a multiple-choice block without options
 * does not either, since nobody could ever answer it.
 */
export function isQuestion(block: Block): block is QuestionBlock {
  if (!isQuestionBlock(block)) return false;
  return block.type !== "multiple_choice" || block.options.length > 0;
}

/**
 * Answers matched to question blocks by data name, in survey order: the n-th answer with a name
 * belongs to the n-th question with it. Answers naming no question, and answers beyond the
 * number of questions with their name, are left out (`unmatched`, by index in `answers`).
 */
export function matchAnswers(
  steps: readonly Step[],
  answers: readonly Answer[],
): {
  answerFor: (s: number, b: number) => Answer | undefined;
  unmatched: Map<number, "unknown_question" | "answered_twice">;
} {
  const positions = new Map<string, string[]>();
  steps.forEach((step, s) =>
    step.blocks.forEach((block, b) => {
      if (!isQuestion(block)) return;
      const list = positions.get(block.data_name) ?? [];
      list.push(`${s}.${b}`);
      positions.set(block.data_name, list);
    }),
  );
  const byPosition = new Map<string, Answer>();
  const unmatched = new Map<number, "unknown_question" | "answered_twice">();
  const used = new Map<string, number>();
  answers.forEach((answer, i) => {
    const list = positions.get(answer.data_name);
    const n = used.get(answer.data_name) ?? 0;
    if (!list) unmatched.set(i, "unknown_question");
    else if (n >= list.length) unmatched.set(i, "answered_twice");
    else {
      byPosition.set(list[n], answer);
      used.set(answer.data_name, n + 1);
    }
  });
  return { answerFor: (s, b) => byPosition.get(`${s}.${b}`), unmatched };
}

/** The path for a list of answers as the runner sends them. */
export function surveyPathFor(steps: readonly Step[], answers: readonly Answer[]): SurveyPath {
  return surveyPath(steps, matchAnswers(steps, answers).answerFor);
}

/** Whether the block at (stepIndex, blockIndex) is shown. */
export function isShown(path: SurveyPath, stepIndex: number, blockIndex: number): boolean {
  return path.steps[stepIndex]?.blocks[blockIndex] ?? false;
}

/** The data names of the question blocks shown, in survey order (sealed with the answers). */
/** The data names of the questions `answers` lead a participant through, in `steps`. */
export function shownFor(steps: readonly Step[], answers: readonly Answer[]): string[] {
  return shownDataNames(steps, surveyPath(steps, matchAnswers(steps, answers).answerFor));
}

export function shownDataNames(steps: readonly Step[], path: SurveyPath): string[] {
  const names = new Set<string>();
  steps.forEach((step, s) =>
    step.blocks.forEach((block, b) => {
      const name = block.data_name.trim();
      if (isQuestionBlock(block) && name !== "" && isShown(path, s, b)) names.add(name);
    }),
  );
  return [...names];
}

/**
 * The steps a participant goes through, by index: those whose condition holds and that show at
 * least one block. "Step X of N" counts these.
 */
export function pathStepIndexes(path: SurveyPath): number[] {
  return path.steps.flatMap((step, s) => (step.shown && step.blocks.some(Boolean) ? [s] : []));
}

/** The step after `current` on the path, or null at its end. */
export function nextPathStep(path: SurveyPath, current: number): number | null {
  return pathStepIndexes(path).find((s) => s > current) ?? null;
}

/** The step before `current` on the path, or null at its start. */
export function previousPathStep(path: SurveyPath, current: number): number | null {
  return (
    pathStepIndexes(path)
      .filter((s) => s < current)
      .pop() ?? null
  );
}
