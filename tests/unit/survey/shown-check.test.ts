import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Answer } from "@/lib/surveys/answers.shared";
import { shownFor, surveyPath } from "@/lib/surveys/path.shared";
import type { Block, Step } from "@/lib/surveys/schema.shared";
import {
  collectAnswers,
  SURVEY_PATH_CHANGED,
  validateSubmission,
} from "@/lib/surveys/validation.shared";
import { answerPicksArb, answersByPosition, surveyArb } from "@/tests/support/survey-arbitraries";

// The runner says which questions it showed (`shown`); the server refuses answers whose path in
// the survey as it is now shows other questions: they were given to a survey that has changed.

const open = (data_name: string, o: Partial<Block> = {}): Block =>
  ({
    type: "open_question",
    data_name,
    order: 0,
    question_text: `${data_name}?`,
    is_required: false,
    ...o,
  }) as Block;
const choice = (data_name: string): Block => ({
  type: "multiple_choice",
  data_name,
  order: 0,
  question_text: `${data_name}?`,
  is_required: false,
  allow_multiple: false,
  options: [
    { order: 0, text: "Yes" },
    { order: 1, text: "No" },
  ],
});

const loaded: Step[] = [
  { order: 0, blocks: [choice("helped")] },
  { order: 1, blocks: [open("story")] },
];
const answers: Answer[] = [
  { type: "multiple_choice", data_name: "helped", selected_options: ["Yes"] },
  { type: "open_question", data_name: "story", open_answer: "It helped" },
];

describe("the questions the runner showed", () => {
  it("pass as they are when the survey has not changed", () => {
    const result = validateSubmission(loaded, answers, undefined, shownFor(loaded, answers));
    expect(result.ok).toBe(true);
  });

  it("refuse a path that now shows a question added to a step already passed", () => {
    const now = structuredClone(loaded);
    now[0].blocks.push(open("extra"));
    const result = validateSubmission(now, answers, undefined, shownFor(loaded, answers));
    expect(result).toEqual({ ok: false, fields: { shown: SURVEY_PATH_CHANGED } });
  });

  it("refuse a path that now hides an answered question behind a new condition", () => {
    const now = structuredClone(loaded);
    now[1].blocks[0] = open("story", {
      visible_if: { data_name: "helped", op: "equals", value: "No" },
    });
    const result = validateSubmission(now, answers, undefined, shownFor(loaded, answers));
    expect(result).toEqual({ ok: false, fields: { shown: SURVEY_PATH_CHANGED } });
    // Without the runner's word, the answer would have been dropped without a sound.
    expect(validateSubmission(now, answers).ok).toBe(true);
  });

  it("are judged as without them whenever the survey is the one the runner showed", () => {
    fc.assert(
      fc.property(surveyArb, answerPicksArb, (steps, picks) => {
        const held = answersByPosition(steps, picks);
        const sent = collectAnswers(steps, held, surveyPath(steps, held));
        const withShown = validateSubmission(steps, sent, undefined, shownFor(steps, sent));
        expect(withShown).toEqual(validateSubmission(steps, sent));
      }),
    );
  });
});
