import { isLeaving } from "@/components/public/leaving";
import type { Answer } from "@/lib/surveys/answers.shared";
import type { Step } from "@/lib/surveys/schema.shared";
import { questionFingerprint } from "@/lib/surveys/question-fingerprint.shared";
import { checkAnswer, isQuestion, type AnswerProblem } from "@/lib/surveys/validation.shared";
import { resumeStep, seenUpTo } from "./kept-step";

/**
 * Answers in progress, kept in the tab's sessionStorage so an accidental reload does not throw
 * away a long and painful questionnaire. Only this tab sees them, they are gone when it closes,
 * and they are removed on submission, on the token screen and by the quick-exit control (which
 * clears the tab's whole sessionStorage). A submission answered after the participant left the
 * page leaves them, with their id: sent again, they are answered with the stored one's token,
 * which is otherwise lost. Nothing here ever reaches the server.
 *
 * Answers are keyed by "<step>.<block>" as the runner holds them, and tagged with the survey's
 * version and, each, with what its question asked (`questionFingerprint`). After an edit of the
 * survey (another version) an answer comes back only where a question with its data name still
 * asks exactly the same thing, at that question's new place; an answer whose block no longer
 * takes it (data name, type, options, scale range) is dropped on its own.
 */
export type KeptAnswers = {
  step: number;
  answers: Record<string, Answer>;
  /** The submission id the answers were (or will be) sent with, so a retry stays one response. */
  submissionId?: string;
  /** Kept for an earlier version of the survey: only answers to unchanged questions came back. */
  changed?: boolean;
  /** Sent at least once under `submissionId` (the reply may have been lost). */
  sent?: boolean;
};

/** What is kept in the tab, as it is written: also what a runner hands on to its next form. */
export type KeptRecord = {
  version: number;
  step: number;
  answers: Record<string, unknown>;
  submission_id?: unknown;
  /** True once sent under `submission_id`: kept then even when every answer is taken back. */
  sent?: unknown;
  /** Per answer's position, what its question asked (`questionFingerprint`). */
  asked?: Record<string, unknown>;
  /**
   * The questions the participant has had on screen (those on the path up to the kept step), by
   * data name, each with what it asked then (`questionFingerprint`). After an edit, a question
   * not among them, or asking something else now, is one they never saw.
   */
  seen?: unknown;
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

/**
 * Keeps the answers on screen in the tab (or removes the record when there are none). False when
 * the tab's storage refused them: a reload would lose them.
 *
 * Once they were `sent`, a record stays even with no answers (a survey of optional questions
 * sent empty): its submission id is what makes a resend after a lost reply the same response.
 */
export function keepAnswers(
  key: string,
  survey: { version: number; steps: Step[] },
  step: number,
  answers: Record<string, Answer>,
  submissionId?: string,
  sent = false,
): boolean {
  const store = storage();
  // The quick exit has cleared the tab's storage and the page is on its way out: nothing of the
  // survey may be written back while the neutral site loads.
  if (isLeaving()) return true;
  if (!store) return false;
  try {
    // Nothing answered, nor sent: leave no trace of the survey in the tab at all.
    if (Object.keys(answers).length === 0 && !sent) store.removeItem(key);
    else store.setItem(key, JSON.stringify(keptRecord(survey, step, answers, submissionId, sent)));
    return true;
  } catch {
    // Full or refused: the answers stay on screen, they just will not survive a reload. An
    // older record must not come back in their place (answers since erased, a shared device).
    try {
      store.removeItem(key);
    } catch {
      // Refused altogether: there is no older record either.
    }
    return false;
  }
}

/** The answers on screen as they are kept: tagged with the version and what each question asked. */
export function keptRecord(
  survey: { version: number; steps: Step[] },
  step: number,
  answers: Record<string, Answer>,
  submissionId?: string,
  sent = false,
): KeptRecord {
  return {
    version: survey.version,
    step,
    answers,
    asked: askedAt(survey.steps, answers),
    seen: seenUpTo(survey.steps, step, answers),
    submission_id: submissionId,
    ...(sent ? { sent: true } : {}),
  };
}

/** What the question at each answered position asks, to recognise it after an edit. */
function askedAt(steps: Step[], answers: Record<string, Answer>): Record<string, string> {
  const asked: Record<string, string> = {};
  for (const position of Object.keys(answers)) {
    const [s, b] = position.split(".").map(Number);
    const block = steps[s]?.blocks[b];
    if (block) asked[position] = questionFingerprint(block);
  }
  return asked;
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
  const fitted = kept ? fitKept(kept, version, steps) : null;
  if (!fitted) forgetAnswers(key);
  return fitted;
}

/**
 * The answers a runner starts with: those handed on from the form it replaces (`carried`), or
 * else those kept in the tab; either way only those that fit this version.
 */
export function resumedAnswers(
  carried: KeptRecord | undefined,
  key: string,
  survey: { version: number; steps: Step[] },
): KeptAnswers | null {
  return carried
    ? fitKept(carried, survey.version, survey.steps)
    : readKeptAnswers(key, survey.version, survey.steps);
}

/**
 * Of `kept`, the answers that fit this version of the survey, and the step to go back to (as
 * `readKeptAnswers`); null when none does. Nothing here reads or writes the tab's storage.
 */
export function fitKept(kept: KeptRecord, version: number, steps: Step[]): KeptAnswers | null {
  const changed = kept.version !== version;
  // After an edit, each answer goes to the one question with its data name, if that question
  // still asks what the kept answer was given to.
  const placeOf = changed ? placesByName(steps) : null;

  const answers: Record<string, Answer> = {};
  for (const [keptAt, value] of Object.entries(kept.answers)) {
    const answer = asAnswer(value);
    if (!answer) continue;
    const position = placeOf ? placeOf.get(answer.data_name) : keptAt;
    const match = position ? /^(\d+)\.(\d+)$/.exec(position) : null;
    if (!position || !match) continue;
    const block = steps[Number(match[1])]?.blocks[Number(match[2])];
    if (!block || !isQuestion(block)) continue;
    if (block.data_name !== answer.data_name || block.type !== answer.type) continue;
    if (changed && kept.asked?.[keptAt] !== questionFingerprint(block)) continue;
    const problem = checkAnswer(block, answer);
    if (problem && misfits.has(problem)) continue;
    answers[position] = answer;
  }
  const submissionId =
    typeof kept.submission_id === "string" && UUID.test(kept.submission_id)
      ? kept.submission_id
      : undefined;
  // Sent under this id (the reply may have been lost): the id must outlive every answer being
  // taken back, or a reload would make a new one and a second response. A record with no
  // answers is kept only once sent, so one from before `sent` was kept says so too.
  const sent =
    submissionId !== undefined && (kept.sent === true || Object.keys(kept.answers).length === 0);
  if (Object.keys(answers).length === 0) {
    // Kept with no answers only once sent empty: the id is what there is to carry on.
    const sentEmpty = Object.keys(kept.answers).length === 0 && submissionId !== undefined;
    if (!sentEmpty) return null;
  }
  return {
    step: resumeStep(kept, steps, answers, changed),
    answers,
    ...(submissionId ? { submissionId } : {}),
    ...(changed ? { changed } : {}),
    ...(sent ? { sent } : {}),
  };
}

/** Each data name asked once in the survey, with its position; a repeated name has none. */
function placesByName(steps: Step[]): Map<string, string> {
  const places = new Map<string, string>();
  const repeated = new Set<string>();
  steps.forEach((step, s) =>
    step.blocks.forEach((block, b) => {
      if (!isQuestion(block)) return;
      if (places.has(block.data_name)) repeated.add(block.data_name);
      places.set(block.data_name, `${s}.${b}`);
    }),
  );
  for (const name of repeated) places.delete(name);
  return places;
}

function asStored(value: unknown): KeptRecord | null {
  if (!value || typeof value !== "object") return null;
  const v = value as Record<string, unknown>;
  if (typeof v.version !== "number" || !Number.isInteger(v.step) || (v.step as number) < 0) {
    return null;
  }
  if (!v.answers || typeof v.answers !== "object" || Array.isArray(v.answers)) return null;
  if (v.asked !== undefined && (!v.asked || typeof v.asked !== "object")) return null;
  return v as KeptRecord;
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
