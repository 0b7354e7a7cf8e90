import type { Block } from "@/lib/surveys/schema.shared";

/**
 * What each kind of question's field gets from its step: the id (the step focuses a field with
 * an error by it), the block, the answer so far (`undefined` for a scale not chosen yet), its
 * error, and where a changed or cleared answer goes.
 */
export type QuestionFieldProps<Type extends Block["type"], Value> = {
  id: string;
  block: Extract<Block, { type: Type }>;
  value: Value;
  error: string | null;
  onChange: (value: NonNullable<Value>) => void;
  /** Takes the answer back (an optional question answered by radio buttons offers this). */
  onClear: () => void;
};
