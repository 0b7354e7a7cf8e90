import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mergeSurveys, sameSteps, type Side } from "@/components/admin/survey-editor/merge";
import { renumber } from "@/lib/surveys/editor-rules.shared";
import { surveyProblems } from "@/lib/surveys/survey-problems.shared";
import { withIds } from "@/lib/surveys/ids.shared";
import { stepsSchema, type Block, type Step } from "@/lib/surveys/schema.shared";
import { surveyArb } from "../../support/survey-arbitraries";

// Two tabs edit one survey: base is what both loaded, mine this tab's working copy, theirs what
// the other tab saved. What only one side changed is kept; only both-sides changes are asked.

const q = (id: string, data_name: string, question_text = `${data_name}?`): Block => ({
  id,
  type: "open_question",
  data_name,
  order: 0,
  question_text,
  is_required: false,
});
const step = (id: string, ...blocks: Block[]): Step => ({ id, order: 0, blocks });
const clone = (steps: Step[]): Step[] => structuredClone(steps);
/** Each step as `id:block=data_name/question,…`, to read a merged survey at a glance. */
const words = (b: Block) =>
  b.type === "text" ? `${b.id}` : `${b.id}=${b.data_name}/${b.question_text}`;
const text = (steps: Step[]) => steps.map((s) => `${s.id}:${s.blocks.map(words).join(",")}`);

const base = (): Step[] => [
  step("s1", q("a", "age"), q("b", "bio")),
  step("s2", q("c", "city"), q("d", "dog")),
];

describe("mergeSurveys", () => {
  it("keeps edits to different steps from both sides, with nothing to ask", () => {
    const mine = base();
    mine[0].blocks[0] = q("a", "age", "How old?");
    const theirs = base();
    theirs[1].blocks[1] = q("d", "dog", "A dog?");
    theirs[1].blocks.push(q("e", "eel"));
    const result = mergeSurveys(base(), mine, theirs);
    expect(result.conflicts).toEqual([]);
    expect(text(result.steps)).toEqual([
      "s1:a=age/How old?,b=bio/bio?",
      "s2:c=city/city?,d=dog/A dog?,e=eel/eel?",
    ]);
  });

  it("asks only about a block both sides changed, and takes the side chosen", () => {
    const mine = base();
    mine[0].blocks[1] = q("b", "bio", "Mine?");
    mine[1].blocks[0] = q("c", "city", "Which city?");
    const theirs = base();
    theirs[0].blocks[1] = q("b", "bio", "Theirs?");
    theirs[1].blocks[1] = q("d", "dog", "A dog?");
    const asked = mergeSurveys(base(), mine, theirs);
    expect(asked.conflicts).toEqual([
      { kind: "block", id: "b", step: 1, mine: mine[0].blocks[1], theirs: theirs[0].blocks[1] },
    ]);
    const chosen = mergeSurveys(base(), mine, theirs, { b: "theirs" });
    expect(text(chosen.steps)).toEqual([
      "s1:a=age/age?,b=bio/Theirs?",
      "s2:c=city/Which city?,d=dog/A dog?",
    ]);
    expect(text(asked.steps)[0]).toBe("s1:a=age/age?,b=bio/Mine?");
  });

  it("takes removals, moves and new steps from either side", () => {
    const mine = base();
    mine[0].blocks.reverse();
    mine.push(step("s3", q("f", "fish")));
    const theirs = base();
    theirs[1].blocks = [theirs[1].blocks[1]];
    theirs.unshift(step("s0", q("z", "zebra")));
    const result = mergeSurveys(base(), mine, theirs);
    expect(result.conflicts).toEqual([]);
    expect(text(result.steps)).toEqual([
      "s0:z=zebra/zebra?",
      "s1:b=bio/bio?,a=age/age?",
      "s2:d=dog/dog?",
      "s3:f=fish/fish?",
    ]);
    expect(result.steps.map((s) => s.order)).toEqual([0, 1, 2, 3]);
  });

  it("asks about a block one side deleted and the other changed", () => {
    const mine = base();
    mine[1].blocks.splice(0, 1);
    const theirs = base();
    theirs[1].blocks[0] = q("c", "city", "Town?");
    const result = mergeSurveys(base(), mine, theirs);
    expect(result.conflicts).toEqual([
      { kind: "block", id: "c", step: 2, mine: null, theirs: theirs[1].blocks[0] },
    ]);
    expect(text(result.steps)[1]).toBe("s2:d=dog/dog?");
    expect(text(mergeSurveys(base(), mine, theirs, { c: "theirs" }).steps)[1]).toBe(
      "s2:c=city/Town?,d=dog/dog?",
    );
  });

  it("asks once about a step one side deleted while the other changed a block in it", () => {
    const mine = base().slice(0, 1);
    const theirs = base();
    theirs[1].blocks[1] = q("d", "dog", "A dog?");
    const result = mergeSurveys(base(), mine, theirs);
    expect(result.conflicts.map((c) => [c.kind, c.id, c.step])).toEqual([["step", "s2", 2]]);
    expect(text(result.steps)).toEqual(["s1:a=age/age?,b=bio/bio?"]);
    // Kept: the whole step as they have it, not only the changed block.
    expect(text(mergeSurveys(base(), mine, theirs, { s2: "theirs" }).steps)).toEqual([
      "s1:a=age/age?,b=bio/bio?",
      "s2:c=city/city?,d=dog/A dog?",
    ]);
    // Deleted by one side and untouched by the other: gone, nothing asked.
    expect(mergeSurveys(base(), mine, base()).conflicts).toEqual([]);
  });

  it("asks about a step whose condition both sides changed", () => {
    const mine = base();
    mine[1].visible_if = { data_name: "age", op: "answered" };
    const theirs = base();
    theirs[1].visible_if = { data_name: "bio", op: "answered" };
    const result = mergeSurveys(base(), mine, theirs, { s2: "theirs" });
    expect(result.conflicts.map((c) => [c.kind, c.id])).toEqual([["step", "s2"]]);
    expect(result.steps[1].visible_if).toEqual({ data_name: "bio", op: "answered" });
  });

  it("renames this side's question when both sides gave one name to different questions", () => {
    const mine = base();
    mine[0].blocks.push(q("m1", "question_5"));
    const theirs = base();
    theirs[1].blocks.push(q("t1", "question_5"));
    const result = mergeSurveys(base(), mine, theirs);
    expect(result.renamed).toEqual([{ id: "m1", from: "question_5", to: "question_5_2" }]);
    expect(surveyProblems(result.steps)).toEqual({});
  });

  it("leaves the other side's step condition on the name alone when the merge kept theirs", () => {
    const withCondition = (): Step[] => {
      const steps = base();
      steps[1].visible_if = { data_name: "age", op: "answered" };
      return steps;
    };
    const mine = withCondition();
    mine[0].blocks.push(q("m1", "question_5"));
    const theirs = withCondition();
    theirs[0].blocks.push(q("t1", "question_5"));
    theirs[1].visible_if = {
      all: [
        { data_name: "age", op: "answered" },
        { data_name: "question_5", op: "answered" },
      ],
    };
    const result = mergeSurveys(withCondition(), mine, theirs);
    expect(result.renamed).toEqual([{ id: "m1", from: "question_5", to: "question_5_2" }]);
    expect(result.steps.find((s) => s.id === "s2")?.visible_if).toEqual(theirs[1].visible_if);
  });

  it("makes this side's conditions on a renamed question follow it, and leaves the other side's", () => {
    const mine = base();
    mine[0].blocks.push(q("m1", "question_5"));
    // This editor's follow-up on its own question, and a step of its own shown by it.
    mine[0].blocks.push({
      ...q("m2", "follow_up"),
      visible_if: { data_name: "question_5", op: "answered" },
    });
    mine.push({
      ...step("ms", q("m3", "later")),
      visible_if: { any: [{ data_name: "question_5", op: "answered" }] },
    });
    const theirs = base();
    theirs[1].blocks.push(q("t1", "question_5"));
    theirs[1].blocks.push({
      ...q("t2", "theirs_follow"),
      visible_if: { data_name: "question_5", op: "answered" },
    });
    const result = mergeSurveys(base(), mine, theirs);
    expect(result.renamed).toEqual([{ id: "m1", from: "question_5", to: "question_5_2" }]);
    const blocks = result.steps.flatMap((s) => s.blocks);
    const conditionOf = (id: string) => blocks.find((b) => b.id === id)?.visible_if;
    expect(conditionOf("m2")).toEqual({ data_name: "question_5_2", op: "answered" });
    expect(conditionOf("t2")).toEqual({ data_name: "question_5", op: "answered" });
    expect(result.steps.find((s) => s.id === "ms")?.visible_if).toEqual({
      any: [{ data_name: "question_5_2", op: "answered" }],
    });
  });
});

/** Edits one side makes: per base block keep / change / delete, plus new blocks and a move. */
const editArb = fc.record({
  blocks: fc.array(fc.constantFrom("keep", "change", "delete"), { maxLength: 40 }),
  added: fc.array(fc.nat(), { maxLength: 3 }),
  reverseStep: fc.option(fc.nat(), { nil: undefined }),
  newStep: fc.boolean(),
});
type Edit = typeof editArb extends fc.Arbitrary<infer T> ? T : never;

/** `steps` with `edit` applied; only blocks `mayTouch` allows are changed or deleted. */
function edited(steps: Step[], edit: Edit, tag: string, mayTouch: (i: number) => boolean) {
  const out = clone(steps);
  let i = 0;
  for (const s of out) {
    s.blocks = s.blocks.flatMap((b) => {
      const what = mayTouch(i) ? (edit.blocks[i] ?? "keep") : "keep";
      i++;
      if (what === "delete") return [];
      if (what === "change") return [changedText(b, tag)];
      return [b];
    });
  }
  edit.added.forEach((at, n) => {
    if (out.length === 0) return;
    out[at % out.length].blocks.push(q(`${tag}new${n}`, `${tag}_new_${n}`));
  });
  if (edit.reverseStep !== undefined && out.length > 0)
    out[edit.reverseStep % out.length].blocks.reverse();
  if (edit.newStep) out.push(step(`${tag}step`, q(`${tag}sq`, `${tag}_step_q`)));
  return out;
}

function changedText(b: Block, tag: string): Block {
  return b.type === "text"
    ? { ...b, content: `<p>${tag}</p>` }
    : { ...b, question_text: `${tag} asks` };
}

const baseArb = surveyArb.map((steps) =>
  withIds(steps, (s, b) => (b === undefined ? `s${s}` : `s${s}b${b}`)),
);
const norm = (steps: Step[]) => renumber(stepsSchema.parse(steps));

describe("sameSteps", () => {
  it("ignores the order of keys (the database keeps none) but not positions or values", () => {
    const stored = base().map(({ blocks, ...step }) => ({ blocks, ...step }));
    expect(sameSteps(base(), stored)).toBe(true);
    const moved = base();
    moved[0].blocks.reverse();
    expect(sameSteps(base(), moved)).toBe(false);
    const edited = base();
    edited[1].blocks[0] = q("c", "city", "Town?");
    expect(sameSteps(base(), edited)).toBe(false);
  });
});

describe("mergeSurveys, for any survey and edits", () => {
  it("gives the other side when one side changed nothing", () => {
    fc.assert(
      fc.property(baseArb, editArb, (b, edit) => {
        const changed = edited(b, edit, "x", () => true);
        const theirsOnly = mergeSurveys(b, b, changed);
        expect(theirsOnly.conflicts).toEqual([]);
        expect(norm(theirsOnly.steps)).toEqual(norm(changed));
        const mineOnly = mergeSurveys(b, changed, b);
        expect(mineOnly.conflicts).toEqual([]);
        expect(norm(mineOnly.steps)).toEqual(norm(changed));
      }),
      { numRuns: 200 },
    );
  });

  it("keeps both sides' edits when they touch different blocks", () => {
    fc.assert(
      fc.property(baseArb, editArb, editArb, (b, m, t) => {
        const mine = edited(b, { ...m, reverseStep: undefined }, "m", (i) => i % 2 === 0);
        const theirs = edited(b, { ...t, reverseStep: undefined }, "t", (i) => i % 2 === 1);
        const result = mergeSurveys(b, mine, theirs);
        expect(result.conflicts).toEqual([]);
        const all = (steps: Step[]) =>
          new Map(steps.flatMap((s) => s.blocks).map((x) => [x.id, x]));
        const got = all(result.steps);
        const baseBlocks = all(b);
        for (const side of [all(mine), all(theirs)]) {
          for (const [id, block] of side) {
            const before = baseBlocks.get(id);
            if (!before || JSON.stringify(before) !== JSON.stringify(block)) {
              expect(got.get(id)).toMatchObject({ ...block, order: expect.any(Number) });
            }
          }
          for (const id of baseBlocks.keys()) if (!side.has(id)) expect(got.has(id)).toBe(false);
        }
      }),
      { numRuns: 200 },
    );
  });

  it("always gives a survey the schema accepts, with unique ids and data names", () => {
    fc.assert(
      fc.property(
        baseArb,
        editArb,
        editArb,
        fc.dictionary(fc.string(), fc.constantFrom<Side>("mine", "theirs")),
        fc.boolean(),
        (b, m, t, picks, preferTheirs) => {
          const mine = edited(b, m, "m", () => true);
          const theirs = edited(b, t, "t", () => true);
          const first = mergeSurveys(b, mine, theirs);
          const choices = { ...picks };
          for (const c of first.conflicts) choices[c.id] = preferTheirs ? "theirs" : "mine";
          const result = mergeSurveys(b, mine, theirs, choices);
          expect(stepsSchema.safeParse(result.steps).success).toBe(true);
          const ids = result.steps.flatMap((s) => [s.id, ...s.blocks.map((x) => x.id)]);
          expect(new Set(ids).size).toBe(ids.length);
          expect(surveyProblems(result.steps)).toEqual({});
        },
      ),
      { numRuns: 300 },
    );
  });
});
