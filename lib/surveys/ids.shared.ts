import type { Step } from "./schema.shared";

/**
 * Every step and block of a survey carries an id of its own, unique within the survey and kept
 * through edits, moves and type changes. Two versions of a survey (the editor's and one saved
 * elsewhere meanwhile) are compared by these ids, so a block moved or edited in one and left
 * alone in the other is recognised as the same block.
 */

/** A fresh id: 128 random bits as hex. `getRandomValues` also works outside a secure context. */
export function newItemId(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

type IdFor = (step: number, block?: number) => string;

/**
 * The steps with an id on every step and block: kept where present and not already taken, made
 * by `idFor` otherwise (a later holder of a taken id gets a new one).
 */
export function withIds(steps: readonly Step[], idFor: IdFor = () => newItemId()): Step[] {
  const taken = new Set<string>();
  const claim = (id: string | undefined, make: () => string): string => {
    let next = id !== undefined && !taken.has(id) ? id : make();
    for (let n = 2; taken.has(next); n++) next = `${make()}_${n}`;
    taken.add(next);
    return next;
  };
  return steps.map((step, s) => {
    const id = claim(step.id, () => idFor(s));
    return {
      ...step,
      id,
      blocks: step.blocks.map((block, b) => ({ ...block, id: claim(block.id, () => idFor(s, b)) })),
    };
  });
}

/**
 * Ids for a survey stored before it had them, derived from positions: the same on every read
 * until the survey is saved, when the editor sends them back and they are stored.
 */
export function withStoredIds(steps: readonly Step[]): Step[] {
  return withIds(steps, (s, b) => (b === undefined ? `s${s}` : `s${s}b${b}`));
}
