import {
  changeBlockType,
  defaultBlock,
  defaultDataName,
  isQuestionType,
  renumber,
} from "@/lib/surveys/editor-rules.shared";
import { newItemId } from "@/lib/surveys/ids.shared";
import type { Block, BlockType, Step } from "@/lib/surveys/schema.shared";

/**
 * The editor's working copy of a survey: the steps as the API has them, each step and block
 * with a key of the editor's own, so React keeps a block's editor, focus and scroll with it
 * through moves and deletions. Keys never leave the page (`toSteps` drops them).
 */
export type EditorBlock = Block & { key: string };
export type EditorStep = Omit<Step, "blocks"> & { key: string; blocks: EditorBlock[] };

let counter = 0;
export function newKey(): string {
  counter += 1;
  return `k${counter}`;
}

/**
 * The steps with keys: a step or block that was already on screen (same id in `previous`) keeps
 * its key, so replacing the working copy with a merged one leaves its editor and focus in place.
 */
export function withKeys(steps: Step[], previous: EditorStep[] = []): EditorStep[] {
  const keys = new Map<string, string>();
  for (const step of previous) {
    if (step.id) keys.set(step.id, step.key);
    for (const block of step.blocks) if (block.id) keys.set(block.id, block.key);
  }
  const keyOf = (id: string | undefined) => (id && keys.get(id)) || newKey();
  return steps.map((step) => ({
    ...step,
    key: keyOf(step.id),
    blocks: step.blocks.map((block) => ({ ...block, key: keyOf(block.id) })),
  }));
}

/** What is saved: the steps without the editor's keys, numbered from 0 at every level. */
export function toSteps(steps: EditorStep[]): Step[] {
  return renumber(
    steps.map(({ key: _key, blocks, ...step }) => ({
      ...step,
      blocks: blocks.map(({ key: _blockKey, ...block }) => block as Block),
    })),
  );
}

/** A new empty step at the end, with an id of its own. */
export function newStep(order: number): EditorStep {
  return { id: newItemId(), order, key: newKey(), blocks: [] };
}

export function renumbered(steps: EditorStep[]): EditorStep[] {
  return renumber(steps as unknown as Step[]) as unknown as EditorStep[];
}

/** A new block of `type` at the end of a step; a question gets a data name unique in the survey. */
export function newBlock(steps: EditorStep[], type: BlockType, order: number): EditorBlock {
  const data_name = isQuestionType(type) ? defaultDataName(toSteps(steps)) : "";
  return { ...defaultBlock(type, { data_name, order }), id: newItemId(), key: newKey() };
}

/**
 * The block switched to another type (its defaults, keeping data name and order, spec §3); a
 * text block turned into a question without a data name gets a unique one.
 */
export function retyped(steps: EditorStep[], block: EditorBlock, type: BlockType): EditorBlock {
  const { key, ...plain } = block;
  const next = changeBlockType(plain as Block, type);
  const data_name =
    isQuestionType(type) && next.data_name.trim() === ""
      ? defaultDataName(toSteps(steps))
      : next.data_name;
  return { ...next, data_name, key };
}
