import type { Answer, StoredAnswer } from "./answers.shared";
import {
  isAnswerGiven,
  isQuestion,
  isShown,
  matchAnswers,
  shownDataNames,
  surveyPath,
  type SurveyPath,
} from "./path.shared";
import { questionFingerprint } from "./question-fingerprint.shared";
import type { Block, Step } from "./schema.shared";

export { isQuestion };

/**
 * The rules a survey step must meet, shared by the runner (before Next and Submit)
 * and the submit endpoint (before anything is stored), so both always agree.
 */

export type QuestionBlock = Exclude<Block, { type: "text" }>;
type ScaleBlock = Extract<Block, { type: "scale" }>;

/** Problems a participant can cause in the runner; each has its own text in the interface. */
export type RequiredProblem = "fill_in_answer" | "select_option" | "give_answer";

/** Problems only a hand-made request can cause; the runner never sends such answers. */
export type ShapeProblem =
  | "unknown_question"
  | "wrong_type"
  | "answered_twice"
  | "unknown_option"
  | "duplicate_option"
  | "one_option_only"
  | "out_of_range"
  | "question_changed";

export type AnswerProblem = RequiredProblem | ShapeProblem;

/** The server's English texts; the first three are also what the runner shows, translated. */
export const answerProblemMessages: Record<AnswerProblem, string> = {
  fill_in_answer: "please fill in your answer",
  select_option: "please select at least one option",
  give_answer: "please give your answer",
  unknown_question: "there is no question with this data name",
  wrong_type: "the answer does not match the type of the question",
  answered_twice: "this question was answered more than once",
  unknown_option: "this is not one of the question's options",
  duplicate_option: "an option was selected more than once",
  one_option_only: "only one option may be selected",
  out_of_range: "the value is outside the scale",
  question_changed: "the question was changed since it was answered",
};

/** Steps by their order, and each step's blocks by theirs: the order the runner shows them in. */
export function sortedSteps(steps: Step[]): Step[] {
  const byOrder = <T extends { order: number }>(items: T[]) =>
    items
      .map((item, index) => ({ item, index }))
      .sort((a, b) => a.item.order - b.item.order || a.index - b.index)
      .map(({ item }) => item);
  return byOrder(steps).map((step) => ({ ...step, blocks: byOrder(step.blocks) }));
}

/** The values of a scale, from min to max (counting down when an editor set them the other way). */
export function scaleValues(block: Pick<ScaleBlock, "min_value" | "max_value">): number[] {
  const { min_value: min, max_value: max } = block;
  const step = min <= max ? 1 : -1;
  const values: number[] = [];
  for (let v = min; step > 0 ? v <= max : v >= max; v += step) values.push(v);
  return values;
}

/**
 * The one check of an answer against its question. `undefined` means "not answered" (for a
 * scale: never moved). A blank answer is refused only when the question is required.
 */
export function checkAnswer(
  block: QuestionBlock,
  answer: Answer | undefined,
): AnswerProblem | null {
  if (answer && answer.type !== block.type) return "wrong_type";
  if (!isAnswerGiven(answer)) {
    if (!block.is_required) return null;
    if (block.type === "open_question") return "fill_in_answer";
    return block.type === "multiple_choice" ? "select_option" : "give_answer";
  }
  if (answer!.type === "multiple_choice" && block.type === "multiple_choice") {
    const selected = answer!.selected_options;
    const texts = new Set(block.options.map((o) => o.text));
    if (selected.some((s) => !texts.has(s))) return "unknown_option";
    if (new Set(selected).size !== selected.length) return "duplicate_option";
    if (!block.allow_multiple && selected.length > 1) return "one_option_only";
  }
  if (answer!.type === "scale" && block.type === "scale") {
    if (!scaleValues(block).includes(answer!.scale_value)) return "out_of_range";
  }
  return null;
}

/**
 * The problems of one step, by block index; empty when the participant may go on. Blocks for
 * which `isBlockShown` is false (off the path) are not checked.
 */
export function stepProblems(
  step: Step,
  answerFor: (blockIndex: number) => Answer | undefined,
  isBlockShown: (blockIndex: number) => boolean = () => true,
): Map<number, AnswerProblem> {
  const problems = new Map<number, AnswerProblem>();
  step.blocks.forEach((block, index) => {
    if (!isQuestion(block) || !isBlockShown(index)) return;
    const problem = checkAnswer(block, answerFor(index));
    if (problem) problems.set(index, problem);
  });
  return problems;
}

/**
 * The answers the runner sends for its state: one per answered question on the path (all of
 * them without a path), in the survey's order. A blank optional question is left out, and so
 * is an answer kept for a block that has left the path.
 */
export function collectAnswers(
  steps: Step[],
  answerFor: (stepIndex: number, blockIndex: number) => Answer | undefined,
  path?: SurveyPath,
): Answer[] {
  const answers: Answer[] = [];
  steps.forEach((step, s) =>
    step.blocks.forEach((block, b) => {
      if (!isQuestion(block) || (path && !isShown(path, s, b))) return;
      const answer = answerFor(s, b);
      if (isAnswerGiven(answer)) answers.push(answer);
    }),
  );
  return answers;
}

export type SubmissionResult =
  | {
      ok: true;
      /** The answers to shown questions, in survey order, with what was asked. */
      answers: StoredAnswer[];
      /** The data names of the questions shown (answered or not), in survey order. */
      shown: string[];
    }
  | { ok: false; fields: Record<string, string> };

/**
 * Checks a whole submission against the survey (steps as `sortedSteps` gives them) along the
 * path its answers take. Answers are matched to questions by data_name (the n-th answer with a
 * name belongs to the n-th question with it, should an old survey repeat a name). Answers to
 * blocks off the path are dropped unread, whatever they hold; required applies to shown blocks
 * only. Problems are reported as `answers.<i>` for an answer that fits no question and
 * `steps.<s>.blocks.<b>` for a question. With `asked` (the fingerprint of each answer's question
 * when it was answered, in the order of `answers`), a question that no longer asks that is
 * `question_changed`. With `seen` (the data names the runner showed), a path that shows other
 * questions now (staff added one on a step already passed, or a condition that now hides an
 * answered one) is refused at `shown`: the export would otherwise say "shown, not answered" of
 * a question never seen, or drop an answer without a word.
 */
export function validateSubmission(
  steps: Step[],
  answers: Answer[],
  asked?: readonly string[],
  seen?: readonly string[],
): SubmissionResult {
  const fields: Record<string, string> = {};
  const { answerFor, unmatched } = matchAnswers(steps, answers);
  for (const [i, problem] of unmatched) fields[`answers.${i}`] = answerProblemMessages[problem];
  // What each answer's question asked when it was answered, when the runner said so.
  const askedFor = new Map<Answer, string>();
  if (asked) answers.forEach((answer, i) => askedFor.set(answer, asked[i]));

  const path = surveyPath(steps, answerFor);
  const stored: StoredAnswer[] = [];
  steps.forEach((step, s) =>
    step.blocks.forEach((block, b) => {
      if (!isQuestion(block) || !isShown(path, s, b)) return;
      const answer = answerFor(s, b);
      const changed =
        answer !== undefined &&
        askedFor.has(answer) &&
        askedFor.get(answer) !== questionFingerprint(block);
      const problem = changed ? "question_changed" : checkAnswer(block, answer);
      if (problem) fields[`steps.${s}.blocks.${b}`] = answerProblemMessages[problem];
      else if (isAnswerGiven(answer))
        stored.push({ ...answer, question_text: block.question_text });
    }),
  );

  const shown = shownDataNames(steps, path);
  if (seen && !sameNames(shown, seen)) fields.shown = SURVEY_PATH_CHANGED;
  if (Object.keys(fields).length > 0) return { ok: false, fields };
  return { ok: true, answers: stored, shown };
}

export const SURVEY_PATH_CHANGED =
  "the survey was changed since it was loaded: the questions on this path are not the ones shown";

function sameNames(a: readonly string[], b: readonly string[]): boolean {
  const set = new Set(b);
  return new Set(a).size === set.size && a.every((name) => set.has(name));
}
