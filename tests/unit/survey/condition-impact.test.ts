import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  defaultValue,
  earlierQuestions,
  newComparison,
  opsOffered,
  replaceComparison,
  withOp,
} from "@/lib/surveys/condition-choices.shared";
import {
  affectedConditions,
  resolveAffected,
  resolveAll,
  trackReferences,
  type KeyedBlock,
  type KeyedStep,
  type References,
} from "@/lib/surveys/condition-impact.shared";
import { conditionProblems } from "@/lib/surveys/condition-rules.shared";
import { conditionParts } from "@/lib/surveys/conditions.shared";
import {
  moveItem,
  removeItem,
  renumber,
  type QuestionBlock,
} from "@/lib/surveys/editor-rules.shared";
import type { Block, Step } from "@/lib/surveys/schema.shared";
import { surveyArb } from "../../support/survey-arbitraries";
import { happenedQuestion, oftenQuestion } from "../../support/branching-blocks";

const happened: Block = happenedQuestion();
const often: Block = oftenQuestion({
  visible_if: { data_name: "happened", op: "equals", value: "Yes" },
});

function keyed(steps: Step[]): KeyedStep[] {
  return steps.map((step, s) => ({
    ...step,
    key: `s${s}`,
    blocks: step.blocks.map((block, b) => ({ ...block, key: `s${s}b${b}` })),
  }));
}
const plain = (steps: KeyedStep[]) => steps as unknown as Step[];

/** Step 0: happened, often (only if happened is Yes); step 1 shown only if often ≥ 3. */
function branching(): KeyedStep[] {
  return keyed([
    { order: 0, blocks: [happened, often] },
    {
      order: 1,
      visible_if: { data_name: "often", op: "gte", value: 3 },
      blocks: [{ type: "text", data_name: "", order: 0, content: "<p>Thanks</p>" }],
    },
  ]);
}

function editBlock(steps: KeyedStep[], key: string, change: (b: KeyedBlock) => Block) {
  return steps.map((s) => ({
    ...s,
    blocks: s.blocks.map((b) => (b.key === key ? { ...change(b), key } : b)),
  })) as KeyedStep[];
}

describe("what a condition may name and compare", () => {
  it("offers a block the questions before it, and a step those of earlier steps only", () => {
    const steps = plain(branching());
    const names = (place: { step: number; block?: number }) =>
      earlierQuestions(steps, place).map((e) => e.question.data_name);
    expect(names({ step: 0, block: 0 })).toEqual([]);
    expect(names({ step: 0, block: 1 })).toEqual(["happened"]);
    expect(names({ step: 0 })).toEqual([]);
    expect(names({ step: 1 })).toEqual(["happened", "often"]);
    expect(names({ step: 1, block: 0 })).toEqual(["happened", "often"]);
  });

  it("offers the ops that fit each kind, and starts from a comparison the save accepts", () => {
    const q = happened as QuestionBlock;
    expect(opsOffered(q)).toEqual([
      "equals",
      "not_equals",
      "includes",
      "excludes",
      "answered",
      "not_answered",
    ]);
    expect(opsOffered({ ...q, allow_multiple: true } as QuestionBlock)).toEqual([
      "includes",
      "excludes",
      "answered",
      "not_answered",
    ]);
    expect(opsOffered({ ...q, options: [] } as QuestionBlock)).toEqual([
      "answered",
      "not_answered",
    ]);
    expect(newComparison(q)).toEqual({ data_name: "happened", op: "equals", value: "Yes" });
    expect(newComparison(often as QuestionBlock)).toEqual({
      data_name: "often",
      op: "equals",
      value: 1,
    });
    expect(defaultValue(often as QuestionBlock, "answered")).toBeUndefined();
    const kept = withOp(
      { data_name: "often", op: "equals", value: 4 },
      often as QuestionBlock,
      "gte",
    );
    expect(kept).toEqual({ data_name: "often", op: "gte", value: 4 });
    expect(withOp(kept, often as QuestionBlock, "answered")).toEqual({
      data_name: "often",
      op: "answered",
    });
  });

  it("removes one comparison of a list, and the condition with its last one", () => {
    const a = { data_name: "a", op: "answered" as const };
    const b = { data_name: "b", op: "answered" as const };
    expect(replaceComparison({ any: [a, b] }, 0, null)).toEqual(b);
    expect(replaceComparison(a, 0, null)).toBeUndefined();
    expect(replaceComparison({ all: [a, b] }, 1, a)).toEqual({ all: [a, a] });
  });
});

describe("conditions affected by an edit", () => {
  function after(edit: (s: KeyedStep[]) => KeyedStep[]) {
    const before = branching();
    const refs = trackReferences(before, new Map());
    const steps = renumber(plain(edit(before))) as unknown as KeyedStep[];
    return { steps, refs: trackReferences(steps, refs) };
  }

  it("follows a renamed data name, also when it was typed in several edits", () => {
    let steps = branching();
    let refs: References = trackReferences(steps, new Map());
    for (const name of ["", "h", "happened_to_you"]) {
      steps = editBlock(steps, "s0b0", (b) => ({ ...b, data_name: name }));
      refs = trackReferences(steps, refs);
    }
    const found = affectedConditions(steps, refs);
    expect(found).toMatchObject([{ step: 0, block: 1, reason: "question_renamed", index: 0 }]);
    expect(found[0].fix).toEqual({ data_name: "happened_to_you", op: "equals", value: "Yes" });
    const fixed = resolveAffected(steps, found[0], true);
    expect(fixed[0].blocks[1].visible_if).toEqual(found[0].fix);
    expect(conditionProblems(plain(fixed))).toEqual({});
  });

  it("follows a renamed option, and offers only removal when options were removed", () => {
    const renamed = after((s) =>
      editBlock(
        s,
        "s0b0",
        (b) =>
          ({
            ...b,
            options: [
              { order: 0, text: "Yes, once or more" },
              { order: 1, text: "No" },
            ],
          }) as Block,
      ),
    );
    expect(affectedConditions(renamed.steps, renamed.refs)).toMatchObject([
      { reason: "option_renamed", fix: { value: "Yes, once or more" } },
    ]);
    const removed = after((s) =>
      editBlock(s, "s0b0", (b) => ({ ...b, options: [{ order: 0, text: "No" }] }) as Block),
    );
    expect(affectedConditions(removed.steps, removed.refs)).toMatchObject([
      { reason: "option_removed", fix: null },
    ]);
  });

  it("names the conditions of a removed or moved question, and removes them on request", () => {
    const removed = after((s) => [{ ...s[0], blocks: removeItem(s[0].blocks, 1) }, s[1]]);
    expect(affectedConditions(removed.steps, removed.refs)).toMatchObject([
      { step: 1, stepKey: "s1", reason: "question_removed", fix: null },
    ]);
    const moved = after((s) => [{ ...s[0], blocks: moveItem(s[0].blocks, 1, 0) }, s[1]]);
    const found = affectedConditions(moved.steps, moved.refs);
    expect(found).toMatchObject([
      { step: 0, block: 0, blockKey: "s0b1", reason: "question_moved" },
    ]);
    const fixed = resolveAll(moved.steps, found);
    expect(fixed[0].blocks[0].visible_if).toBeUndefined();
    expect(fixed[1].visible_if).toEqual({ data_name: "often", op: "gte", value: 3 });
  });

  it("names a question whose type changed, and leaves conditions an edit did not touch", () => {
    const retyped = after((s) =>
      editBlock(s, "s0b1", (b) => ({ ...b, type: "open_question", question_text: "" }) as Block),
    );
    expect(affectedConditions(retyped.steps, retyped.refs)).toMatchObject([
      { step: 1, reason: "question_changed" },
    ]);
    const reworded = after((s) =>
      editBlock(s, "s0b0", (b) => ({ ...b, question_text: "Did it happen?" }) as Block),
    );
    expect(affectedConditions(reworded.steps, reworded.refs)).toEqual([]);
  });
});

// ------------------------------------------------------------------------------------------
// Property: whatever is edited, fixing or removing what is affected leaves a survey that saves.
// ------------------------------------------------------------------------------------------

type Edit = { kind: number; a: number; b: number; text: string };
const editArb: fc.Arbitrary<Edit> = fc.record({
  kind: fc.nat({ max: 6 }),
  a: fc.nat({ max: 50 }),
  b: fc.nat({ max: 50 }),
  text: fc.constantFrom("", "x", "Yes", "No", "q1", "q2", "renamed", "Maybe"),
});

function applyEdit(steps: KeyedStep[], edit: Edit): KeyedStep[] {
  if (steps.length === 0) return steps;
  const s = edit.a % steps.length;
  const step = steps[s];
  const b = step.blocks.length ? edit.b % step.blocks.length : -1;
  const block = b >= 0 ? step.blocks[b] : undefined;
  const withBlocks = (blocks: KeyedBlock[]) =>
    steps.map((x, i) => (i === s ? { ...x, blocks } : x));
  switch (edit.kind) {
    case 0:
      return moveItem(steps, s, edit.b % steps.length);
    case 1:
      return removeItem(steps, s);
    case 2:
      return block ? withBlocks(moveItem(step.blocks, b, edit.a % step.blocks.length)) : steps;
    case 3:
      return block ? withBlocks(removeItem(step.blocks, b)) : steps;
    case 4:
      return block
        ? withBlocks(step.blocks.map((x, i) => (i === b ? { ...x, data_name: edit.text } : x)))
        : steps;
    case 5: {
      if (block?.type !== "multiple_choice" || block.options.length === 0) return steps;
      const o = edit.a % block.options.length;
      const options =
        edit.text === ""
          ? removeItem(block.options, o)
          : block.options.map((x, i) => (i === o ? { ...x, text: edit.text } : x));
      return withBlocks(step.blocks.map((x, i) => (i === b ? { ...block, options } : x)));
    }
    default:
      return block?.type === "scale"
        ? withBlocks(
            step.blocks.map((x, i) => (i === b ? { ...block, max_value: block.min_value } : x)),
          )
        : steps;
  }
}

describe("edits and their fixes (property)", () => {
  it("after any edit sequence with fixes applied, every condition names an earlier question and an existing option", () => {
    fc.assert(
      fc.property(surveyArb, fc.array(editArb, { maxLength: 8 }), (survey, edits) => {
        let steps = keyed(survey);
        let refs = trackReferences(steps, new Map());
        const count = (xs: KeyedStep[]) =>
          xs.reduce(
            (n, st) =>
              n +
              (st.visible_if ? conditionParts(st.visible_if).conditions.length : 0) +
              st.blocks.reduce(
                (m, bl) =>
                  m + (bl.visible_if ? conditionParts(bl.visible_if).conditions.length : 0),
                0,
              ),
            0,
          );
        for (const edit of edits) {
          steps = applyEdit(steps, edit);
          refs = trackReferences(steps, refs);
          const found = affectedConditions(steps, refs);
          const before = count(steps);
          steps = resolveAll(steps, found);
          // A fix keeps its comparison; only those without one are removed.
          expect(count(steps)).toBe(before - found.filter((f) => f.fix === null).length);
          refs = trackReferences(steps, refs);
          expect(conditionProblems(plain(steps))).toEqual({});
          expect(affectedConditions(steps, refs)).toEqual([]);
        }
      }),
      { numRuns: 300 },
    );
  });
});
