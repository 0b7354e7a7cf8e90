import { comparisonProblem } from "./condition-rules.shared";
import { conditionParts, type Condition, type VisibleIf } from "./conditions.shared";
import { earlierQuestions, replaceComparison, withVisibleIf } from "./condition-choices.shared";
import { isQuestionBlock, type QuestionBlock } from "./editor-rules.shared";
import type { Block, Step } from "./schema.shared";

/**
 * What an edit does to the conditions that depend on what it changed. The editor keeps a key on
 * every step and block; a comparison that holds is remembered with the key of the question it
 * names (and that question's options then). When an edit removes, renames or moves that
 * question, or removes or renames one of its options, the comparison no longer fits, and
 * `affectedConditions` says which, why, and how to fix it where the fix is unambiguous: follow
 * a renamed data name, or a renamed option when exactly one option text changed. Pure and
 * browser-safe.
 */

export type KeyedBlock = Block & { key: string };
export type KeyedStep = Omit<Step, "blocks"> & { key: string; blocks: KeyedBlock[] };

/**
 * The question a comparison named when it last held, with its text and options then (the text
 * names a question that was removed since).
 */
export type Reference = { questionKey: string; text: string; options: string[] };
/** By `comparisonId`. */
export type References = ReadonlyMap<string, Reference>;

export type AffectedReason =
  | "question_removed"
  | "question_renamed"
  | "question_moved"
  | "question_changed"
  | "option_removed"
  | "option_renamed";

export type AffectedCondition = {
  /** Where the condition sits (array positions now) and the keys of its holder. */
  step: number;
  block?: number;
  stepKey: string;
  blockKey?: string;
  /** The comparison as it stands, and its position in the condition. */
  comparison: Condition;
  index: number;
  reason: AffectedReason;
  /** The question it named, as it is now (absent when removed). */
  question?: QuestionBlock;
  /** The question's text when the comparison last held. */
  questionText: string;
  /** The comparison that follows the rename; null when there is nothing unambiguous to follow. */
  fix: Condition | null;
};

type Holder = { step: number; block?: number; stepKey: string; blockKey?: string; if: VisibleIf };

function holders(steps: readonly KeyedStep[]): Holder[] {
  return steps.flatMap((step, s) => [
    ...(step.visible_if ? [{ step: s, stepKey: step.key, if: step.visible_if }] : []),
    ...step.blocks.flatMap((block, b) =>
      block.visible_if
        ? [{ step: s, block: b, stepKey: step.key, blockKey: block.key, if: block.visible_if }]
        : [],
    ),
  ]);
}

/** One comparison of one holder: equal comparisons of the same holder share their id. */
export function comparisonId(holder: { stepKey: string; blockKey?: string }, c: Condition) {
  return JSON.stringify([holder.stepKey, holder.blockKey ?? null, c.data_name, c.op, c.value]);
}

function plain(steps: readonly KeyedStep[]): Step[] {
  return steps as unknown as Step[];
}

/** The question `condition` names at the holder's place, when it may name it; else undefined. */
function namedEarlier(steps: readonly KeyedStep[], holder: Holder, condition: Condition) {
  return earlierQuestions(plain(steps), holder).find(
    (e) => e.question.data_name.trim() === condition.data_name,
  )?.question as (QuestionBlock & { key: string }) | undefined;
}

function holds(steps: readonly KeyedStep[], holder: Holder, condition: Condition): boolean {
  const question = namedEarlier(steps, holder, condition);
  return question !== undefined && comparisonProblem(condition, question) === null;
}

/**
 * The references after an edit: each comparison that holds now is remembered afresh; one that
 * no longer holds keeps what it named before the edit (so a data name retyped in several
 * keystrokes is still followed); comparisons that are gone are forgotten.
 */
export function trackReferences(steps: readonly KeyedStep[], previous: References): References {
  const next = new Map<string, Reference>();
  for (const holder of holders(steps)) {
    for (const c of conditionParts(holder.if).conditions) {
      const id = comparisonId(holder, c);
      const question = holds(steps, holder, c) ? namedEarlier(steps, holder, c) : undefined;
      if (question) {
        const options =
          question.type === "multiple_choice" ? question.options.map((o) => o.text) : [];
        next.set(id, { questionKey: question.key, text: question.question_text.trim(), options });
      } else {
        const before = previous.get(id);
        if (before) next.set(id, before);
      }
    }
  }
  return next;
}

function findQuestion(steps: readonly KeyedStep[], key: string) {
  for (const step of steps) for (const block of step.blocks) if (block.key === key) return block;
  return undefined;
}

/** The option text that replaced `value`, when exactly one text was changed and none added. */
function renamedOption(before: string[], question: QuestionBlock, value: string): string | null {
  if (question.type !== "multiple_choice") return null;
  const now = question.options.map((o) => o.text);
  if (now.length !== before.length || now.includes(value)) return null;
  const gone = before.filter((text) => !now.includes(text));
  const added = now.filter((text) => !before.includes(text));
  return gone.length === 1 && gone[0] === value && added.length === 1 ? added[0] : null;
}

function affected(
  steps: readonly KeyedStep[],
  holder: Holder,
  c: Condition,
  index: number,
  ref: Reference,
): AffectedCondition {
  const at = { step: holder.step, block: holder.block, stepKey: holder.stepKey };
  const base = {
    ...at,
    questionText: ref.text,
    ...(holder.blockKey ? { blockKey: holder.blockKey } : {}),
    comparison: c,
    index,
  };
  const found = findQuestion(steps, ref.questionKey);
  if (!found || !isQuestionBlock(found)) {
    return { ...base, reason: found ? "question_changed" : "question_removed", fix: null };
  }
  const question: QuestionBlock = found;
  const name = question.data_name.trim();
  let candidate = name !== "" && name !== c.data_name ? { ...c, data_name: name } : c;
  let optionRenamed = false;
  if (typeof c.value === "string") {
    const text = renamedOption(ref.options, question, c.value);
    if (text !== null) {
      candidate = { ...candidate, value: text };
      optionRenamed = true;
    }
  }
  const named = namedEarlier(steps, holder, candidate);
  const fixes = candidate !== c && named?.key === found.key && holds(steps, holder, candidate);
  const reason: AffectedReason =
    name !== c.data_name
      ? "question_renamed"
      : optionRenamed
        ? "option_renamed"
        : namedEarlier(steps, holder, c)?.key !== found.key
          ? "question_moved"
          : typeof c.value === "string" &&
              question.type === "multiple_choice" &&
              !question.options.some((o) => o.text === c.value)
            ? "option_removed"
            : "question_changed";
  return { ...base, reason, question, fix: fixes ? candidate : null };
}

/**
 * The comparisons an edit broke: those that no longer hold and were remembered as holding
 * before, in survey order, with the reason and the fix where one is unambiguous.
 */
export function affectedConditions(
  steps: readonly KeyedStep[],
  references: References,
): AffectedCondition[] {
  const found: AffectedCondition[] = [];
  for (const holder of holders(steps)) {
    conditionParts(holder.if).conditions.forEach((c, index) => {
      const ref = references.get(comparisonId(holder, c));
      if (ref && !holds(steps, holder, c)) found.push(affected(steps, holder, c, index, ref));
    });
  }
  return found;
}

/**
 * The survey with the condition of one affected comparison changed: replaced by its fix, or
 * removed (`fix: false`, or when there is no fix).
 */
export function resolveAffected<S extends KeyedStep>(
  steps: readonly S[],
  item: AffectedCondition,
  useFix: boolean,
): S[] {
  const next = useFix ? item.fix : null;
  const edit = <T extends Block | Step>(holder: T): T => {
    if (!holder.visible_if) return holder;
    const { conditions } = conditionParts(holder.visible_if);
    const index = conditions.findIndex((c) => sameComparison(c, item.comparison));
    if (index < 0) return holder;
    return withVisibleIf(holder, replaceComparison(holder.visible_if, index, next));
  };
  return steps.map((step) => {
    if (step.key !== item.stepKey) return step;
    if (item.blockKey === undefined) return edit(step);
    return { ...step, blocks: step.blocks.map((b) => (b.key === item.blockKey ? edit(b) : b)) };
  });
}

function sameComparison(a: Condition, b: Condition): boolean {
  return a.data_name === b.data_name && a.op === b.op && a.value === b.value;
}

/** Every affected comparison fixed where it can be, and removed where it cannot. */
export function resolveAll<S extends KeyedStep>(
  steps: readonly S[],
  items: readonly AffectedCondition[],
): S[] {
  return items.reduce<S[]>(
    (acc, item) => resolveAffected(acc, item, item.fix !== null),
    [...steps],
  );
}
