import type { Answer } from "@/lib/surveys/answers.shared";
import { isShown, type SurveyPath } from "@/lib/surveys/path.shared";
import type { AnswerProblem } from "@/lib/surveys/validation.shared";

/** The runner's keys and ids: answers are kept by "step.block" position. */
export const blockKey = (step: number, block: number) => `${step}.${block}`;
export const fieldId = (step: number, block: number) => `survey-q-${step}-${block}`;
export const requiredProblems = new Set<AnswerProblem>([
  "fill_in_answer",
  "select_option",
  "give_answer",
]);

/**
 * A random UUID (version 4) for this filling-in of the survey. `crypto.randomUUID` exists only
 * on https and localhost pages; `getRandomValues` everywhere.
 */
export function newSubmissionId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The answers of blocks on the path only: an answer to a question that has left the path (an
 * earlier answer changed) is not kept in the tab, where a shared device would keep it.
 */
export function shownAnswers(
  answers: Record<string, Answer>,
  path: SurveyPath,
): Record<string, Answer> {
  return Object.fromEntries(
    Object.entries(answers).filter(([key]) => {
      const [s, b] = key.split(".").map(Number);
      return isShown(path, s, b);
    }),
  );
}
