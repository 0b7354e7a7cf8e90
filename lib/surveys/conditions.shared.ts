import { z } from "zod";

/**
 * Skip logic: a step or block may carry `visible_if`, a condition on the answer to an earlier
 * question. A condition is one comparison (`{data_name, op, value?}`) or a non-empty list of
 * them combined with `all` or `any`; lists hold comparisons only, never other lists, so every
 * condition reads as one plain sentence in the editor and in the codebook. Browser-safe: the
 * survey schema, the runner and the editor share it.
 */

/** Ops that compare with a value. */
const VALUE_OPS = ["equals", "not_equals", "includes", "excludes", "gte", "lte"] as const;
/** Ops that only ask whether there is an answer. */
const PRESENCE_OPS = ["answered", "not_answered"] as const;

export const CONDITION_OPS = [...VALUE_OPS, ...PRESENCE_OPS] as const;
export type ConditionOp = (typeof CONDITION_OPS)[number];

export function opTakesValue(op: ConditionOp): boolean {
  return (VALUE_OPS as readonly ConditionOp[]).includes(op);
}

/** At most this many comparisons in one `all` / `any` list. */
export const CONDITION_LIST_MAX = 50;

/**
 * One comparison. The value is an option text (choice), the trimmed answer (open question) or a
 * whole number (scale); whether it fits the question named is checked on save
 * (`conditionProblems`), as that needs the survey. Strict: a comparison carrying `all` or `any`
 * as well is refused rather than read as one of the two.
 */
export const conditionSchema = z.strictObject({
  data_name: z.string().trim().min(1).max(100),
  op: z.enum(CONDITION_OPS),
  value: z.union([z.string().trim().max(500), z.number().int().min(-1000).max(1000)]).optional(),
});

const conditionListSchema = z.array(conditionSchema).min(1).max(CONDITION_LIST_MAX);

const visibleIfShapeSchema = z.union([
  conditionSchema,
  z.strictObject({ all: conditionListSchema }),
  z.strictObject({ any: conditionListSchema }),
]);

export type Condition = z.infer<typeof conditionSchema>;
export type VisibleIf = z.infer<typeof visibleIfShapeSchema>;

export const VISIBLE_IF_SHAPE_MESSAGE =
  "A condition is {data_name, op, value?}, or {all: [...]} or {any: [...]} of at least one such comparison";

/**
 * `visible_if` as a field: whatever is wrong with its shape is reported once, at the field
 * itself (`steps.2.blocks.0.visible_if`), like every other problem of a condition, so the
 * editor can show it next to the condition it belongs to.
 */
export const visibleIfSchema = z.unknown().transform((value, ctx): VisibleIf => {
  const parsed = visibleIfShapeSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  ctx.addIssue({ code: "custom", message: VISIBLE_IF_SHAPE_MESSAGE });
  return z.NEVER;
});

/** The comparisons of a condition and how they combine (a single one combines as `all`). */
export function conditionParts(visibleIf: VisibleIf): {
  combine: "all" | "any";
  conditions: Condition[];
} {
  if ("all" in visibleIf) return { combine: "all", conditions: visibleIf.all };
  if ("any" in visibleIf) return { combine: "any", conditions: visibleIf.any };
  return { combine: "all", conditions: [visibleIf] };
}
