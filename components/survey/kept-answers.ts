import { isLeaving } from "@/components/public/leaving";
import type { Answer } from "@/lib/surveys/answers.shared";
import { isShown, surveyPath } from "@/lib/surveys/path.shared";
import type { Step } from "@/lib/surveys/schema.shared";
import {
  checkAnswer,
  isQuestion,
  stepProblems,
  type AnswerProblem,
} from "@/lib/surveys/validation.shared";

/**
 * Answers in progress, kept in the tab's sessionStorage so an accidental reload does not throw
 * away a long and painful questionnaire. Only this tab sees them, they are gone when it closes,
 * and they are removed on submission, on the token screen and by the quick-exit control (which
 * clears the tab's whole sessionStorage). Nothing here ever reaches the server.
 *
 * Answers are keyed by "<step>.<block>" as the runner holds them, and tagged with the survey's
 * version: answers kept for another version are dropped as a whole, and an answer whose block no
 * longer asks the same question (data name, type, options, scale range) is dropped on its own.
 */
export type KeptAnswers = {
  step: number;
  answers: Record<string, Answer>;
  /** The submission id the answers were (or will be) sent with, so a retry stays one response. */
  submissionId?: string;
  /** The sets of answers already sent under that id, oldest first (use-survey-submission.ts). */
  sent?: Answer[][];
};

type Stored = {
  version: number;
  step: number;
  answers: Record<string, unknown>;
  submission_id?: unknown;
  sent?: unknown;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const PREFIX = "survey-answers:";

/** One key per survey, and another for a staff preview, so the two never mix. */
export function keptAnswersKey(surveyUuid: string, preview: boolean): string {
  return `${PREFIX}${preview ? "preview:" : ""}${surveyUuid.toLowerCase()}`;
}

/** sessionStorage, or null where the browser refuses it (storage disabled, sandboxed frame). */
function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function keepAnswers(
  key: string,
  version: number,
  step: number,
  answers: Record<string, Answer>,
  submission: { submissionId?: string; sent?: Answer[][] } = {},
): void {
  const store = storage();
  // The quick exit has cleared the tab's storage and the page is on its way out: nothing of the
  // survey may be written back while the neutral site loads.
  if (!store || isLeaving()) return;
  try {
    // Nothing answered yet: leave no trace of the survey in the tab at all.
    if (Object.keys(answers).length === 0) store.removeItem(key);
    else
      store.setItem(
        key,
        JSON.stringify({
          version,
          step,
          answers,
          submission_id: submission.submissionId,
          ...(submission.sent?.length ? { sent: submission.sent } : {}),
        } satisfies Stored),
      );
  } catch {
    // Full or refused: the answers stay on screen, they just will not survive a reload.
  }
}

export function forgetAnswers(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // Nothing to remove where storage is refused.
  }
}

/** Problems that mean the kept answer no longer fits its question (a blank one still fits). */
const misfits = new Set<AnswerProblem>([
  "wrong_type",
  "unknown_option",
  "duplicate_option",
  "one_option_only",
  "out_of_range",
]);

/**
 * The answers kept for this survey and version, each still fitting its question, and the step to
 * go back to: the kept one, or an earlier step that now lacks a required answer. Null when there
 * is nothing (usable) to restore; whatever cannot be used is removed.
 */
export function readKeptAnswers(key: string, version: number, steps: Step[]): KeptAnswers | null {
  const store = storage();
  if (!store) return null;
  let stored: unknown;
  try {
    const raw = store.getItem(key);
    if (raw === null) return null;
    stored = JSON.parse(raw);
  } catch {
    forgetAnswers(key);
    return null;
  }
  const kept = asStored(stored);
  if (!kept || kept.version !== version) {
    forgetAnswers(key);
    return null;
  }

  const answers: Record<string, Answer> = {};
  for (const [position, value] of Object.entries(kept.answers)) {
    const match = /^(\d+)\.(\d+)$/.exec(position);
    const answer = asAnswer(value);
    if (!match || !answer) continue;
    const block = steps[Number(match[1])]?.blocks[Number(match[2])];
    if (!block || !isQuestion(block)) continue;
    if (block.data_name !== answer.data_name || block.type !== answer.type) continue;
    const problem = checkAnswer(block, answer);
    if (problem && misfits.has(problem)) continue;
    answers[position] = answer;
  }
  if (Object.keys(answers).length === 0) {
    forgetAnswers(key);
    return null;
  }

  // Back to the first earlier step that lacks an answer it needs, judged on the path these
  // answers make: a required question their conditions hide needs none.
  const path = surveyPath(steps, (s, b) => answers[`${s}.${b}`]);
  let step = Math.min(kept.step, Math.max(steps.length - 1, 0));
  for (let s = 0; s < step; s++) {
    const shown = (b: number) => isShown(path, s, b);
    if (stepProblems(steps[s], (b) => answers[`${s}.${b}`], shown).size > 0) step = s;
  }
  const submissionId =
    typeof kept.submission_id === "string" && UUID.test(kept.submission_id)
      ? kept.submission_id
      : undefined;
  // What was sent under the id goes only with that id: without it, it could match nothing.
  const sent = submissionId ? sentSets(kept.sent) : [];
  return {
    step,
    answers,
    ...(submissionId ? { submissionId } : {}),
    ...(sent.length > 0 ? { sent } : {}),
  };
}

/** The kept sets of sent answers that are whole (every answer of a set readable). */
function sentSets(value: unknown): Answer[][] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((set) => {
    if (!Array.isArray(set)) return [];
    const answers = set.map(asAnswer);
    return answers.every((a): a is Answer => a !== null) ? [answers] : [];
  });
}

function asStored(value: unknown): Stored | null {
  if (!value || typeof value !== "object") return null;
  const v = value as Record<string, unknown>;
  if (typeof v.version !== "number" || !Number.isInteger(v.step) || (v.step as number) < 0) {
    return null;
  }
  if (!v.answers || typeof v.answers !== "object" || Array.isArray(v.answers)) return null;
  return v as Stored;
}

/** The shape of an Answer, checked by hand: the runner page loads no schema library. */
function asAnswer(value: unknown): Answer | null {
  if (!value || typeof value !== "object") return null;
  const v = value as Record<string, unknown>;
  const data_name = v.data_name;
  if (typeof data_name !== "string") return null;
  switch (v.type) {
    case "open_question":
      return typeof v.open_answer === "string"
        ? { type: "open_question", data_name, open_answer: v.open_answer }
        : null;
    case "multiple_choice":
      return Array.isArray(v.selected_options) &&
        v.selected_options.every((o) => typeof o === "string")
        ? { type: "multiple_choice", data_name, selected_options: v.selected_options as string[] }
        : null;
    case "scale":
      return Number.isInteger(v.scale_value)
        ? { type: "scale", data_name, scale_value: v.scale_value as number }
        : null;
    default:
      return null;
  }
}
