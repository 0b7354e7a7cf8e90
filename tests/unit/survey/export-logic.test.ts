import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { conditionInWords, shownIfInWords } from "@/lib/responses/codebook-conditions";
import {
  codebookRow,
  columnIndexOf,
  responseHeader,
  responseRow,
  SHOWN_NOT_ANSWERED,
} from "@/lib/responses/export-table";
import type { Answer } from "@/lib/surveys/answers.shared";
import {
  isAnswerGiven,
  isQuestion,
  isShown,
  surveyPath,
  surveyPathFor,
} from "@/lib/surveys/path.shared";
import { questionsOf } from "@/lib/surveys/questions";
import type { Step } from "@/lib/surveys/schema.shared";
import { collectAnswers, validateSubmission } from "@/lib/surveys/validation.shared";
import {
  answerPicksArb,
  answersByPosition,
  answerTo,
  surveyArb,
} from "../../support/survey-arbitraries";

/** Every question optional, so that any answer set the runner sends is stored. */
function allOptional(steps: Step[]): Step[] {
  return steps.map((step) => ({
    ...step,
    blocks: step.blocks.map((block) =>
      block.type === "text" ? block : { ...block, is_required: false },
    ),
  }));
}

describe("the export of skip logic", () => {
  it("writes -99 for a shown question left blank, an empty cell for one not shown", () => {
    const columns = questionsOf([
      {
        order: 0,
        blocks: ["a", "b", "c"].map((name, order) => ({
          type: "open_question" as const,
          data_name: name,
          order,
          question_text: `${name}?`,
          is_required: false,
        })),
      },
    ]);
    const header = responseHeader(columns);
    const row = responseRow(
      {
        id: "x",
        submittedOn: "2026-11-26",
        answers: [{ type: "open_question", data_name: "a", open_answer: "-99", question_text: "" }],
        shown: ["a", "b"],
      },
      columnIndexOf(columns),
      header.length,
    );
    // An answer that reads -99 stays text (escaped), unlike the number that marks "left blank".
    expect(row.slice(2)).toEqual(["'-99", SHOWN_NOT_ANSWERED, null]);
    const older = responseRow(
      { id: "x", submittedOn: "2026-11-26", answers: [] },
      columnIndexOf(columns),
      header.length,
    );
    expect(older.slice(2)).toEqual([null, null, null]);
  });

  it("gives each question's condition in words in the codebook", () => {
    expect(conditionInWords({ data_name: "happened", op: "equals", value: "Yes" })).toBe(
      'happened is "Yes"',
    );
    expect(
      conditionInWords({
        any: [
          { data_name: "often", op: "gte", value: 3 },
          { data_name: "who", op: "excludes", value: "Nobody" },
          { data_name: "story", op: "not_answered" },
        ],
      }),
    ).toBe('often is at least 3 or who does not include "Nobody" or story is not answered');
    expect(shownIfInWords(undefined, undefined)).toBe("always");
    expect(
      shownIfInWords(
        { data_name: "happened", op: "not_equals", value: "No" },
        {
          all: [
            { data_name: "often", op: "lte", value: 2 },
            { data_name: "who", op: "includes", value: "Friends" },
            { data_name: "story", op: "answered" },
          ],
        },
      ),
    ).toBe(
      '(happened is not "No") and (often is at most 2 and who includes "Friends" and story is answered)',
    );
    const [column] = questionsOf([
      {
        order: 0,
        visible_if: { data_name: "happened", op: "equals", value: "Yes" },
        blocks: [
          {
            type: "open_question",
            data_name: "story",
            order: 0,
            question_text: "What happened?",
            is_required: false,
          },
        ],
      },
    ]);
    const row = codebookRow(column);
    expect(row.slice(-2)).toEqual([
      'happened is "Yes"',
      "shown, not answered: -99; not shown: empty cell",
    ]);
  });

  it("runner and server agree on the path, and no column of a block not shown holds a value", () => {
    fc.assert(
      fc.property(surveyArb, answerPicksArb, answerPicksArb, (generated, picks, forgedPicks) => {
        const steps = allOptional(generated);
        const held = answersByPosition(steps, picks);
        const runnerPath = surveyPath(steps, held);
        const sent = collectAnswers(steps, held, runnerPath);
        expect(surveyPathFor(steps, sent)).toEqual(runnerPath);

        // A forged request adds answers to the blocks the runner did not show.
        const forged: Answer[] = [];
        let i = 0;
        steps.forEach((step, s) =>
          step.blocks.forEach((block, b) => {
            if (!isQuestion(block) || isShown(runnerPath, s, b)) return;
            const answer = answerTo(block, forgedPicks[i++ % forgedPicks.length]);
            if (isAnswerGiven(answer)) forged.push(answer);
          }),
        );
        const result = validateSubmission(steps, [...sent, ...forged]);
        expect(result.ok).toBe(true);
        if (!result.ok) return;

        const columns = questionsOf(steps);
        const header = responseHeader(columns);
        const row = responseRow(
          { id: "x", submittedOn: "2026-11-26", answers: result.answers, shown: result.shown },
          columnIndexOf(columns),
          header.length,
        );
        steps.forEach((step, s) =>
          step.blocks.forEach((block, b) => {
            if (!isQuestion(block)) return;
            const cell = row[columnIndexOf(columns).get(block.data_name)!];
            if (!isShown(runnerPath, s, b)) expect(cell).toBeNull();
            else if (isAnswerGiven(held(s, b))) {
              expect(cell).not.toBeNull();
              expect(cell).not.toBe(SHOWN_NOT_ANSWERED);
            } else expect(cell).toBe(SHOWN_NOT_ANSWERED);
          }),
        );
      }),
      { numRuns: 300 },
    );
  });
});
