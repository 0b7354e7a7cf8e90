import { renumber } from "@/lib/surveys/editor-rules.shared";
import type { Block, Step } from "@/lib/surveys/schema.shared";
import { uniqueNames } from "./merge-names";
import { mergeOrder } from "./merge-order";

/**
 * Three-way merge of a survey edited in two places at once: `base` is the version this editor
 * last loaded or saved, `mine` its working copy, `theirs` the version saved elsewhere since.
 * Steps and blocks are matched by id (`lib/surveys/ids.shared.ts`). What only one side changed is taken
 * from that side: a block's content, the step it is in, a step's condition, added and removed
 * steps and blocks, and the order (`mergeOrder`). Only what both sides changed differently is a
 * conflict, decided per conflict by `choices` (mine when not given):
 * - a block both sides changed (or one changed and the other deleted);
 * - a step one side deleted while the other changed it or its blocks; the blocks of such a step
 *   go with the choice and are not asked about one by one;
 * - a step whose condition both sides changed.
 * Should both sides have given one data name to different questions, the one from this editor
 * is renamed (`renamed`), so the survey keeps unique names.
 */

export type Side = "mine" | "theirs";

export type MergeConflict =
  | { kind: "block"; id: string; step: number; mine: Block | null; theirs: Block | null }
  | { kind: "step"; id: string; step: number; mine: Step | null; theirs: Step | null };

export type MergeResult = {
  steps: Step[];
  conflicts: MergeConflict[];
  renamed: { id: string; from: string; to: string }[];
};

type Located = { block: Block; step: string };

type Version = {
  steps: Map<string, Step>;
  stepOrder: string[];
  blocks: Map<string, Located>;
};

function indexed(steps: readonly Step[]): Version {
  const version: Version = { steps: new Map(), stepOrder: [], blocks: new Map() };
  for (const step of steps) {
    const id = step.id ?? "";
    version.steps.set(id, step);
    version.stepOrder.push(id);
    for (const block of step.blocks) version.blocks.set(block.id ?? "", { block, step: id });
  }
  return version;
}

/** JSON with sorted keys (the database does not keep their order), leaving out `skip`. */
function canonical(value: unknown, skip: readonly string[] = ["order", "blocks"]): string {
  return JSON.stringify(value, (key, v: unknown) => {
    if (skip.includes(key)) return undefined;
    if (v && typeof v === "object" && !Array.isArray(v)) {
      return Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)));
    }
    return v;
  });
}

/**
 * Whether two surveys say the same in every step, block and position, whatever ids they carry
 * (a block added here gets its stored id only once saved).
 */
export function sameContent(a: readonly Step[], b: readonly Step[]): boolean {
  return canonical(a, ["id"]) === canonical(b, ["id"]);
}

/** Whether two surveys are the same in every step, block and position. */
export function sameSteps(a: readonly Step[], b: readonly Step[]): boolean {
  return canonical(a, []) === canonical(b, []);
}

const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/** One value both sides have, as base had it: the side that changed it wins, else a conflict. */
function pick<T>(base: T, mine: T, theirs: T, eq: (a: T, b: T) => boolean) {
  if (eq(mine, base) || eq(mine, theirs)) return { value: theirs, conflict: false };
  if (eq(theirs, base)) return { value: mine, conflict: false };
  return { value: mine, conflict: true };
}

/** Whether `side` changed step `id` or anything in it, compared with `base`. */
function stepChanged(base: Version, side: Version, id: string): boolean {
  const before = base.steps.get(id)!;
  const after = side.steps.get(id)!;
  if (!same(before, after)) return true;
  const ids = (s: Step) => s.blocks.map((b) => b.id).join(" ");
  if (ids(before) !== ids(after)) return true;
  return after.blocks.some((b) => !same(b, base.blocks.get(b.id ?? "")?.block));
}

/** `side` with step `id` as base had it, holding the base blocks `side` has nowhere else. */
function restoreStep(base: Version, side: Version, id: string): Version {
  const step = base.steps.get(id)!;
  const restored: Step = { ...step, blocks: step.blocks.filter((b) => !side.blocks.has(b.id!)) };
  const steps = new Map(side.steps).set(id, restored);
  const blocks = new Map(side.blocks);
  for (const block of restored.blocks) blocks.set(block.id!, { block, step: id });
  const before = base.stepOrder.slice(0, base.stepOrder.indexOf(id)).reverse();
  const anchor = before.find((s) => side.steps.has(s));
  const stepOrder = [...side.stepOrder];
  stepOrder.splice(anchor === undefined ? 0 : stepOrder.indexOf(anchor) + 1, 0, id);
  return { steps, stepOrder, blocks };
}

/** `side` without step `id` and the blocks it held there. */
function dropStep(side: Version, id: string): Version {
  const steps = new Map(side.steps);
  steps.delete(id);
  const blocks = new Map([...side.blocks].filter(([, at]) => at.step !== id));
  return { steps, stepOrder: side.stepOrder.filter((s) => s !== id), blocks };
}

const stepNumber = (v: Version, id: string) => v.stepOrder.indexOf(id) + 1;

export function mergeSurveys(
  baseSteps: readonly Step[],
  mineSteps: readonly Step[],
  theirsSteps: readonly Step[],
  choices: Readonly<Record<string, Side>> = {},
): MergeResult {
  const base = indexed(baseSteps);
  let mine = indexed(mineSteps);
  let theirs = indexed(theirsSteps);
  const conflicts: MergeConflict[] = [];
  const choose = (id: string): Side => choices[id] ?? "mine";

  // Steps one side deleted while the other changed them: the choice decides for all of it.
  for (const id of base.stepOrder) {
    const inMine = mine.steps.has(id);
    const inTheirs = theirs.steps.has(id);
    if (inMine === inTheirs) continue;
    const keeper = inMine ? mine : theirs;
    if (!stepChanged(base, keeper, id)) {
      if (inMine) mine = dropStep(mine, id);
      else theirs = dropStep(theirs, id);
      continue;
    }
    conflicts.push({
      kind: "step",
      id,
      step: stepNumber(keeper, id),
      mine: mine.steps.get(id) ?? null,
      theirs: theirs.steps.get(id) ?? null,
    });
    const keep = (choose(id) === "mine") === inMine;
    if (keep && inMine) theirs = restoreStep(base, theirs, id);
    else if (keep) mine = restoreStep(base, mine, id);
    else if (inMine) mine = dropStep(mine, id);
    else theirs = dropStep(theirs, id);
  }

  // Blocks: content and the step each is in, merged separately.
  const blocks = new Map<string, Located & { origin: Side | null }>();
  const blockIds = new Set([...mine.blocks.keys(), ...theirs.blocks.keys()]);
  for (const id of blockIds) {
    const b = base.blocks.get(id);
    const m = mine.blocks.get(id);
    const t = theirs.blocks.get(id);
    if (!b) {
      // New on one side (ids are random, so never on both).
      blocks.set(id, { ...(m ?? t)!, origin: m ? "mine" : "theirs" });
      continue;
    }
    const changedM = !!m && (!same(m.block, b.block) || m.step !== b.step);
    const changedT = !!t && (!same(t.block, b.block) || t.step !== b.step);
    if (!m || !t) {
      // Deleted on one side: gone, unless the other side changed it.
      const kept = m ?? t!;
      if (!(m ? changedM : changedT)) continue;
      const where = m ? mine : theirs;
      conflicts.push({
        kind: "block",
        id,
        step: stepNumber(where, kept.step),
        mine: m?.block ?? null,
        theirs: t?.block ?? null,
      });
      const side = choose(id);
      if ((side === "mine") === !!m) blocks.set(id, { ...kept, origin: side });
      continue;
    }
    const content = pick(b.block, m.block, t.block, same);
    const place = pick(b.step, m.step, t.step, (x, y) => x === y);
    if (content.conflict || place.conflict) {
      conflicts.push({
        kind: "block",
        id,
        step: stepNumber(mine, m.step),
        mine: m.block,
        theirs: t.block,
      });
      const side = choose(id);
      blocks.set(id, { ...(side === "mine" ? m : t), origin: side });
      continue;
    }
    const origin = same(content.value, m.block) && changedM ? "mine" : changedT ? "theirs" : null;
    blocks.set(id, { block: content.value, step: place.value, origin });
  }

  // Steps: their conditions, then the order of steps and of each step's blocks.
  const stepIds = new Set([...mine.steps.keys(), ...theirs.steps.keys()]);
  const steps = new Map<string, Step>();
  for (const id of stepIds) {
    const b = base.steps.get(id);
    const m = mine.steps.get(id);
    const t = theirs.steps.get(id);
    if (!m || !t || !b) {
      steps.set(id, (m ?? t)!);
      continue;
    }
    const props = pick<Step>(b, m, t, same);
    if (props.conflict) {
      conflicts.push({ kind: "step", id, step: stepNumber(mine, id), mine: m, theirs: t });
      steps.set(id, choose(id) === "mine" ? m : t);
    } else steps.set(id, props.value);
  }
  const stepOrder = mergeOrder(base.stepOrder, mine.stepOrder, theirs.stepOrder, stepIds);
  const blockIdsOf = (v: Version, step: string) =>
    (v.steps.get(step)?.blocks ?? []).map((b) => b.id ?? "");
  const merged: Step[] = stepOrder.map((stepId) => {
    const members = new Set([...blocks].filter(([, at]) => at.step === stepId).map(([id]) => id));
    const order = mergeOrder(
      blockIdsOf(base, stepId),
      blockIdsOf(mine, stepId),
      blockIdsOf(theirs, stepId),
      members,
    );
    const { blocks: _blocks, ...props } = steps.get(stepId)!;
    return { ...props, blocks: order.map((id) => blocks.get(id)!.block) };
  });

  const renamed = uniqueNames(merged, {
    blockOrigin: (id) => blocks.get(id)?.origin ?? null,
    // A step's condition is this editor's when the merge kept the one this editor wrote (changed
    // from the base, or on a step it added), not the other side's.
    stepConditionIsMine: (id) => {
      const own = mine.steps.get(id)?.visible_if;
      return (
        own !== undefined &&
        same(own, steps.get(id)?.visible_if) &&
        !same(own, base.steps.get(id)?.visible_if)
      );
    },
  });
  return { steps: renumber(merged), conflicts, renamed };
}
