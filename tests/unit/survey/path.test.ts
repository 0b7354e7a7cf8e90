import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Answer } from "@/lib/surveys/answers.shared";
import { conditionProblems } from "@/lib/surveys/condition-rules.shared";
import type { Condition } from "@/lib/surveys/conditions.shared";
import {
  isShown,
  nextPathStep,
  pathStepIndexes,
  previousPathStep,
  shownDataNames,
  surveyPath,
  surveyPathFor,
} from "@/lib/surveys/path.shared";
import type { Block, Step } from "@/lib/surveys/schema.shared";
import {
  collectAnswers,
  isQuestion,
  stepProblems,
  validateSubmission,
} from "@/lib/surveys/validation.shared";
import { answerPicksArb, answersByPosition, surveyArb } from "@/tests/support/survey-arbitraries";
import { happenedQuestion, oftenQuestion } from "@/tests/support/branching-blocks";

const happened: Block = happenedQuestion({ is_required: true });
const often: Block = oftenQuestion({
  data_name: "how_often",
  order: 0,
  visible_if: { data_name: "happened", op: "equals", value: "Yes" },
});
const why: Block = {
  type: "open_question",
  data_name: "why_not",
  order: 1,
  question_text: "Why not?",
  is_required: true,
  visible_if: { data_name: "happened", op: "equals", value: "No" },
};
const branching: Step[] = [
  { order: 0, blocks: [happened] },
  { order: 1, blocks: [often, why] },
  {
    order: 2,
    visible_if: { data_name: "how_often", op: "gte", value: 4 },
    blocks: [{ type: "text", data_name: "", order: 0, content: "<p>Help is near</p>" }],
  },
];

const yes: Answer = { type: "multiple_choice", data_name: "happened", selected_options: ["Yes"] };
const no: Answer = { type: "multiple_choice", data_name: "happened", selected_options: ["No"] };
const oftenAnswer = (scale_value: number): Answer => ({
  type: "scale",
  data_name: "how_often",
  scale_value,
});

describe("surveyPath: examples", () => {
  it("follows each branch of a two-branch survey", () => {
    const yesPath = surveyPathFor(branching, [yes, oftenAnswer(5)]);
    expect(yesPath.steps.map((s) => s.blocks)).toEqual([[true], [true, false], [true]]);
    expect(shownDataNames(branching, yesPath)).toEqual(["happened", "how_often"]);
    expect(pathStepIndexes(yesPath)).toEqual([0, 1, 2]);

    const noPath = surveyPathFor(branching, [no]);
    expect(noPath.steps.map((s) => s.blocks)).toEqual([[true], [false, true], [false]]);
    expect(shownDataNames(branching, noPath)).toEqual(["happened", "why_not"]);
    expect(pathStepIndexes(noPath)).toEqual([0, 1]);
  });

  it("skips a step whose every block is hidden, and navigates over it", () => {
    const steps: Step[] = [branching[0], { order: 1, blocks: [often] }, branching[2]];
    const path = surveyPathFor(steps, [no]);
    expect(path.steps[1].shown).toBe(true);
    expect(pathStepIndexes(path)).toEqual([0]);
    expect(nextPathStep(path, 0)).toBeNull();
    const yesPath = surveyPathFor(steps, [yes, oftenAnswer(4)]);
    expect(nextPathStep(yesPath, 0)).toBe(1);
    expect(nextPathStep(yesPath, 1)).toBe(2);
    expect(previousPathStep(yesPath, 2)).toBe(1);
    expect(previousPathStep(yesPath, 0)).toBeNull();
  });

  it("never shows a multiple-choice block without options, nor a step of only such blocks", () => {
    const empty: Block = {
      type: "multiple_choice",
      data_name: "not_ready",
      order: 0,
      question_text: "Options still to come",
      is_required: true,
      allow_multiple: false,
      options: [],
    };
    const steps: Step[] = [
      { order: 0, blocks: [happened, { ...empty, data_name: "beside", order: 1 }] },
      { order: 1, blocks: [empty] },
    ];
    const path = surveyPathFor(steps, [yes]);
    expect(path.steps.map((s) => s.blocks)).toEqual([[true, false], [false]]);
    expect(pathStepIndexes(path)).toEqual([0]);
    // Not sealed as shown, so the export never writes "shown, not answered" for them.
    expect(shownDataNames(steps, path)).toEqual(["happened"]);
    expect(validateSubmission(steps, [yes])).toMatchObject({ ok: true });
  });

  it("ignores answers to hidden questions, even when given", () => {
    // how_often is hidden on the "No" branch, so its 5 must not open step 3.
    const path = surveyPathFor(branching, [no, oftenAnswer(5)]);
    expect(path.steps[2].shown).toBe(false);
  });

  it("treats a condition on a question not shown as false, but not_answered as true", () => {
    const on = (condition: Condition): Step[] => [
      { order: 0, blocks: [happened] },
      { order: 1, blocks: [often] },
      { order: 2, visible_if: condition, blocks: [why] },
    ];
    const hidden = [no, oftenAnswer(3)];
    for (const op of ["answered", "not_equals", "lte", "gte", "equals"] as const) {
      const value = op === "answered" ? undefined : 3;
      const path = surveyPathFor(on({ data_name: "how_often", op, value }), hidden);
      expect(path.steps[2].shown, op).toBe(false);
    }
    const notAnswered = surveyPathFor(on({ data_name: "how_often", op: "not_answered" }), hidden);
    expect(notAnswered.steps[2].shown).toBe(true);
    // A name no question has, or a later question: never shown before, so the same rule.
    const unknown = on({ data_name: "nowhere", op: "not_answered" });
    expect(surveyPathFor(unknown, hidden).steps[2].shown).toBe(true);
  });

  it("needs an answer for every op but not_answered", () => {
    const steps = (condition: Condition): Step[] => [
      { order: 0, blocks: [{ ...happened, allow_multiple: true, is_required: false }] },
      { order: 1, visible_if: condition, blocks: [why] },
    ];
    const blank: Answer[] = [];
    for (const op of ["not_equals", "excludes"] as const) {
      const c = { data_name: "happened", op, value: "Yes" };
      expect(surveyPathFor(steps(c), blank).steps[1].shown, op).toBe(false);
      expect(surveyPathFor(steps(c), [no]).steps[1].shown, op).toBe(true);
    }
    const c = { data_name: "happened", op: "not_answered" as const };
    expect(surveyPathFor(steps(c), blank).steps[1].shown).toBe(true);
    const both: Answer = { ...yes, selected_options: ["Yes", "No"] };
    const inc = { data_name: "happened", op: "includes" as const, value: "No" };
    expect(surveyPathFor(steps(inc), [both]).steps[1].shown).toBe(true);
    // equals on several choices is never true: it means "exactly this one".
    const eq = { data_name: "happened", op: "equals" as const, value: "No" };
    expect(surveyPathFor(steps(eq), [both]).steps[1].shown).toBe(false);
  });

  it("compares an open answer trimmed and case-sensitively, combining with all and any", () => {
    const first: Block = { ...why, data_name: "word", visible_if: undefined, is_required: false };
    const answer = (open_answer: string): Answer[] => [
      { type: "open_question", data_name: "word", open_answer },
    ];
    const is = (value: string): Condition => ({ data_name: "word", op: "equals", value });
    const any: Step[] = [
      { order: 0, blocks: [first] },
      { order: 1, visible_if: { any: [is("ja"), is("yes")] }, blocks: [happened] },
    ];
    expect(surveyPathFor(any, answer("  yes ")).steps[1].shown).toBe(true);
    expect(surveyPathFor(any, answer("Yes")).steps[1].shown).toBe(false);
    const all: Step[] = [{ ...any[0] }, { ...any[1], visible_if: { all: [is("ja"), is("yes")] } }];
    expect(surveyPathFor(all, answer("yes")).steps[1].shown).toBe(false);
  });
});

describe("surveyPath: properties", () => {
  it("shows everything of a survey without conditions", () => {
    fc.assert(
      fc.property(surveyArb, answerPicksArb, (generated, picks) => {
        const steps = generated.map(({ visible_if: _s, ...step }) => ({
          ...step,
          blocks: step.blocks.map(({ visible_if: _b, ...block }) => block as Block),
        }));
        const path = surveyPath(steps, answersByPosition(steps, picks));
        expect(path.steps.every((s) => s.shown && s.blocks.every(Boolean))).toBe(true);
        expect(pathStepIndexes(path)).toEqual(
          steps.flatMap((s, i) => (s.blocks.length > 0 ? [i] : [])),
        );
      }),
    );
  });

  it("generates only surveys the save accepts", () => {
    fc.assert(
      fc.property(surveyArb, (steps) => {
        expect(conditionProblems(steps)).toEqual({});
      }),
    );
  });

  it("generates surveys whose conditions really hide steps and blocks", () => {
    const samples = fc.sample(fc.tuple(surveyArb, answerPicksArb), { numRuns: 300, seed: 7 });
    const hiding = samples.filter(([steps, picks]) => {
      const path = surveyPath(steps, answersByPosition(steps, picks));
      return path.steps.some((s) => s.blocks.some((shown) => !shown));
    });
    expect(hiding.length).toBeGreaterThan(30);
  });

  it("the runner's path and the server's path from the submitted answers agree", () => {
    fc.assert(
      fc.property(surveyArb, answerPicksArb, (steps, picks) => {
        // The runner holds answers by position, including ones for blocks off the path.
        const held = answersByPosition(steps, picks);
        const runnerPath = surveyPath(steps, held);
        const sent = collectAnswers(steps, held, runnerPath);
        // The server sees only what was sent, by data name.
        const serverPath = surveyPathFor(steps, sent);
        expect(serverPath).toEqual(runnerPath);

        const runnerAccepts = pathStepIndexes(runnerPath).every(
          (s) =>
            stepProblems(
              steps[s],
              (b) => held(s, b),
              (b) => isShown(runnerPath, s, b),
            ).size === 0,
        );
        const result = validateSubmission(steps, sent);
        expect(result.ok).toBe(runnerAccepts);
        if (result.ok) expect(result.shown).toEqual(shownDataNames(steps, runnerPath));
      }),
    );
  });

  it("never keeps an answer to a block off the path, whatever was sent for it", () => {
    fc.assert(
      fc.property(surveyArb, answerPicksArb, (steps, picks) => {
        // Everything held is sent, as a forged request would.
        const held = answersByPosition(steps, picks);
        const everything = collectAnswers(steps, held);
        const path = surveyPathFor(steps, everything);
        const result = validateSubmission(steps, everything);
        if (!result.ok) return;
        const shown = new Set(result.shown);
        for (const answer of result.answers) expect(shown.has(answer.data_name)).toBe(true);
        steps.forEach((step, s) =>
          step.blocks.forEach((block, b) => {
            if (isQuestion(block) && !isShown(path, s, b)) {
              expect(result.answers.some((a) => a.data_name === block.data_name)).toBe(false);
            }
          }),
        );
      }),
    );
  });

  it("does not change when an answer to a hidden question changes", () => {
    fc.assert(
      fc.property(surveyArb, answerPicksArb, answerPicksArb, (steps, picks, otherPicks) => {
        const held = answersByPosition(steps, picks);
        const other = answersByPosition(steps, otherPicks);
        const path = surveyPath(steps, held);
        const mixed = surveyPath(steps, (s, b) => (isShown(path, s, b) ? held(s, b) : other(s, b)));
        expect(mixed).toEqual(path);
      }),
    );
  });
});
