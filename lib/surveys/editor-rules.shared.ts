import { blockSchema, MAX_OPTIONS, type Block, type BlockType, type Step } from "./schema.shared";

/**
 * The survey editor's rules, shared by the editor page (which applies them as staff edit) and
 * `PUT /api/study/{id}/survey` (which enforces them on whatever arrives), so the page can never
 * build a survey the server refuses. Plain functions over plain data; nothing here reaches the
 * server or the database.
 */

export const BLOCK_TYPES = ["text", "open_question", "multiple_choice", "scale"] as const;

/** The block types that take an answer, and so need a data_name that is unique in the survey. */
export const QUESTION_TYPES = ["open_question", "multiple_choice", "scale"] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export type QuestionBlock = Extract<Block, { type: QuestionType }>;
type MultipleChoiceBlock = Extract<Block, { type: "multiple_choice" }>;
type Option = MultipleChoiceBlock["options"][number];

export const SCALE_DEFAULT_MIN = 1;
export const SCALE_DEFAULT_MAX = 5;
/** The range the survey schema accepts for a scale bound. */
export const SCALE_LIMIT = 1000;

export function isQuestionType(type: BlockType): type is QuestionType {
  return type !== "text";
}

export function isQuestionBlock(block: Block): block is QuestionBlock {
  return isQuestionType(block.type);
}

/** A new block of `type` with that type's defaults (from the survey schema itself). */
export function defaultBlock(
  type: BlockType,
  { data_name = "", order = 0 }: { data_name?: string; order?: number } = {},
): Block {
  return blockSchema.parse({ type, data_name, order });
}

/**
 * A block switched to another type: that type's defaults, keeping only data_name, order
 * (spec §3), its id and the block's own condition, which concerns where it stands, not what it
 * asks.
 * Choosing the type it already has changes nothing.
 */
export function changeBlockType(block: Block, type: BlockType): Block {
  if (block.type === type) return block;
  const changed = defaultBlock(type, { data_name: block.data_name, order: block.order });
  const kept = block.id === undefined ? changed : { ...changed, id: block.id };
  return block.visible_if ? { ...kept, visible_if: block.visible_if } : kept;
}

/** Orders 0, 1, 2, … in array order: after every add, removal or move (spec §3). */
function numbered<T extends { order: number }>(items: readonly T[]): T[] {
  return items.map((item, order) => (item.order === order ? item : { ...item, order }));
}

/**
 * Steps, their blocks and every multiple-choice block's options numbered from 0 in the order the
 * arrays hold them: what the editor applies after each change it makes.
 */
export function renumber(steps: readonly Step[]): Step[] {
  return numbered(steps).map((step) => ({
    ...step,
    blocks: numbered(step.blocks).map((block) =>
      block.type === "multiple_choice" ? { ...block, options: numbered(block.options) } : block,
    ),
  }));
}

/** Items by their `order`, equal orders kept in array order. */
function byOrder<T extends { order: number }>(items: readonly T[]): T[] {
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => a.item.order - b.item.order || a.index - b.index)
    .map(({ item }) => item);
}

/**
 * What the server stores: every level put in the order its `order` fields say, then numbered
 * from 0. For a survey the editor sent (arrays already in order) this is `renumber`.
 */
export function sortAndRenumber(steps: readonly Step[]): Step[] {
  return renumber(
    byOrder(steps).map((step) => ({
      ...step,
      blocks: byOrder(step.blocks).map((block) =>
        block.type === "multiple_choice" ? { ...block, options: byOrder(block.options) } : block,
      ),
    })),
  );
}

/** Moves an item from one index to another and renumbers; out-of-range moves change nothing. */
export function moveItem<T extends { order: number }>(
  items: readonly T[],
  from: number,
  to: number,
): T[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) {
    return [...items];
  }
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return numbered(next);
}

/** Removes the item at `index` and renumbers the rest. */
export function removeItem<T extends { order: number }>(items: readonly T[], index: number): T[] {
  return numbered(items.filter((_, i) => i !== index));
}

// ---------------------------------------------------------------------------------------------
// Multiple-choice options
// ---------------------------------------------------------------------------------------------

/** An option text as it is kept: trimmed. */
export function normalizeOptionText(text: string): string {
  return text.trim();
}

/**
 * Whether `text` may be added as an option: non-empty once trimmed (spec §5), and not already an
 * option of the block (answers are stored as option texts, so two equal ones could not be told
 * apart).
 */
export function canAddOption(options: readonly Option[], text: string): boolean {
  const trimmed = normalizeOptionText(text);
  return options.length < MAX_OPTIONS && trimmed !== "" && !options.some((o) => o.text === trimmed);
}

/** The block with `text` added as its last option, or unchanged when it may not be added. */
export function addOption(block: MultipleChoiceBlock, text: string): MultipleChoiceBlock {
  if (!canAddOption(block.options, text)) return block;
  return {
    ...block,
    options: [...block.options, { order: block.options.length, text: normalizeOptionText(text) }],
  };
}

// ---------------------------------------------------------------------------------------------
// Scale bounds
// ---------------------------------------------------------------------------------------------

/**
 * A scale bound from what was typed: not a number (empty, text, NaN) falls back to 1 for the
 * minimum and 5 for the maximum (spec §5); a fraction is cut to a whole number and the value
 * kept within ±1000, the range the survey schema accepts.
 */
export function scaleBound(input: unknown, which: "min" | "max"): number {
  const fallback = which === "min" ? SCALE_DEFAULT_MIN : SCALE_DEFAULT_MAX;
  const value =
    typeof input === "number"
      ? input
      : typeof input === "string" && input.trim() !== ""
        ? Number(input.trim())
        : NaN;
  if (!Number.isFinite(value)) return fallback;
  return Math.max(-SCALE_LIMIT, Math.min(SCALE_LIMIT, Math.trunc(value)));
}

// ---------------------------------------------------------------------------------------------
// Data names
// ---------------------------------------------------------------------------------------------

export const DATA_NAME_MAX_LENGTH = 100;
const SUGGESTION_MAX_LENGTH = 40;

/** The data names of the survey's question blocks (text blocks have no answer, so no name). */
export function questionDataNames(steps: readonly Step[]): string[] {
  return steps.flatMap((step) =>
    step.blocks.filter(isQuestionBlock).map((block) => block.data_name.trim()),
  );
}

function withSuffix(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}_${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * The data name a new question block starts with: `question_<n>`, n being its number among the
 * survey's questions, counting on until the name is free.
 */
export function defaultDataName(steps: readonly Step[]): string {
  const taken = new Set(questionDataNames(steps));
  let n = taken.size + 1;
  while (taken.has(`question_${n}`)) n++;
  return `question_${n}`;
}

/**
 * A data name made from a question's text: lower case, accents dropped, words joined by `_`, at
 * most 40 characters (cut at a word), never starting with a digit (R and SPSS refuse such column
 * names), with `_2`, `_3`, … when taken. Null when the text has no letters or digits.
 */
export function suggestDataName(questionText: string, taken: Iterable<string> = []): string | null {
  const words = questionText
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  if (words.length === 0) return null;
  let base = "";
  for (const word of words) {
    const next = base ? `${base}_${word}` : word;
    if (next.length > SUGGESTION_MAX_LENGTH) {
      if (!base) base = word.slice(0, SUGGESTION_MAX_LENGTH);
      break;
    }
    base = next;
  }
  if (/^[0-9]/.test(base)) base = `q_${base}`;
  return withSuffix(base, new Set(taken));
}
