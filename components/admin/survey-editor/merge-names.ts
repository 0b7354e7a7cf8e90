import type { Condition, VisibleIf } from "@/lib/surveys/conditions.shared";
import { isQuestionBlock } from "@/lib/surveys/editor-rules.shared";
import type { Step } from "@/lib/surveys/schema.shared";

type Side = "mine" | "theirs";

export type Renamed = { id: string; from: string; to: string };

/**
 * Renames, in place, a question this editor added or changed when it shares its data name with
 * one the other side added or changed: `<name>_2`, `_3`, … whichever is free. The conditions
 * this editor wrote on that name (on its own blocks, and on steps whose condition is its own)
 * follow the question: within this editor's copy the name could only mean its own question,
 * and left as it was it would now point at the other side's.
 */
export function uniqueNames(
  steps: Step[],
  {
    blockOrigin,
    stepConditionIsMine,
  }: { blockOrigin: (id: string) => Side | null; stepConditionIsMine: (id: string) => boolean },
): Renamed[] {
  const renamed: Renamed[] = [];
  const questions = steps.flatMap((s) => s.blocks).filter(isQuestionBlock);
  const taken = new Set(questions.map((q) => q.data_name.trim()));
  for (const step of steps) {
    step.blocks = step.blocks.map((block) => {
      if (!isQuestionBlock(block) || blockOrigin(block.id ?? "") !== "mine") return block;
      const name = block.data_name.trim();
      const others = questions.filter(
        (q) =>
          q.id !== block.id && q.data_name.trim() === name && blockOrigin(q.id ?? "") === "theirs",
      );
      if (name === "" || others.length === 0) return block;
      let n = 2;
      while (taken.has(`${name}_${n}`)) n++;
      const to = `${name}_${n}`;
      taken.add(to);
      renamed.push({ id: block.id ?? "", from: name, to });
      return { ...block, data_name: to };
    });
  }
  for (const { from, to } of renamed) {
    for (const step of steps) {
      if (step.visible_if && stepConditionIsMine(step.id ?? "")) {
        step.visible_if = renamedIn(step.visible_if, from, to);
      }
      step.blocks = step.blocks.map((block) =>
        block.visible_if && blockOrigin(block.id ?? "") === "mine"
          ? { ...block, visible_if: renamedIn(block.visible_if, from, to) }
          : block,
      );
    }
  }
  return renamed;
}

/** `visibleIf` with its comparisons on `from` made on `to`; its shape kept. */
function renamedIn(visibleIf: VisibleIf, from: string, to: string): VisibleIf {
  const rename = (c: Condition): Condition => (c.data_name === from ? { ...c, data_name: to } : c);
  if ("all" in visibleIf) return { all: visibleIf.all.map(rename) };
  if ("any" in visibleIf) return { any: visibleIf.any.map(rename) };
  return rename(visibleIf);
}
