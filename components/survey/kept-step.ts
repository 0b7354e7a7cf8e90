import type { Answer } from "@/lib/surveys/answers.shared";
import { isShown, surveyPath } from "@/lib/surveys/path.shared";
import { questionFingerprint } from "@/lib/surveys/question-fingerprint.shared";
import type { Step } from "@/lib/surveys/schema.shared";
import { isQuestion, stepProblems } from "@/lib/surveys/validation.shared";

/**
 * Where answers kept in the tab (kept-answers.ts) take the participant back to, and what they
 * record of the questions seen so far, so that after an edit of the survey no question is sent
 * as shown that the participant never had on screen.
 */

/** The questions shown on the path these answers make, up to `step`: name → what it asked. */
export function seenUpTo(
  steps: Step[],
  step: number,
  answers: Record<string, Answer>,
): Record<string, string> {
  const path = surveyPath(steps, (s, b) => answers[`${s}.${b}`]);
  const seen: Record<string, string> = {};
  steps.slice(0, step + 1).forEach((shownStep, s) =>
    shownStep.blocks.forEach((block, b) => {
      if (isQuestion(block) && isShown(path, s, b)) {
        seen[block.data_name.trim()] = questionFingerprint(block);
      }
    }),
  );
  return seen;
}

/**
 * The step to go back to: the kept one, or the first earlier step that lacks an answer it
 * needs, judged on the path these answers make (a required question their conditions hide needs
 * none). After an edit, also the first step showing a question the participant never had on
 * screen as it is now (added since, moved onto the path, or asking something else), optional
 * ones included: sent unseen, it would be stored as shown and not answered. A record without
 * `seen` (kept before it) starts over at the first step.
 */
export function resumeStep(
  kept: { step: number; seen?: unknown },
  steps: Step[],
  answers: Record<string, Answer>,
  changed: boolean,
): number {
  const path = surveyPath(steps, (s, b) => answers[`${s}.${b}`]);
  const seen = changed ? seenFingerprints(kept.seen) : null;
  let step = Math.min(kept.step, Math.max(steps.length - 1, 0));
  for (let s = 0; s < step; s++) {
    const shown = (b: number) => isShown(path, s, b);
    const unseen =
      changed &&
      steps[s].blocks.some(
        (block, b) =>
          isQuestion(block) &&
          shown(b) &&
          seen?.[block.data_name.trim()] !== questionFingerprint(block),
      );
    if (unseen || stepProblems(steps[s], (b) => answers[`${s}.${b}`], shown).size > 0) step = s;
  }
  return step;
}

/** The kept `seen` (name → fingerprint); null when the record has none in that form. */
function seenFingerprints(value: unknown): Record<string, unknown> | null {
  return value && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}
