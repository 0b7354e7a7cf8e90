import { z } from "zod";
import { visibleIfSchema } from "./conditions.shared";

/** The most options a multiple-choice question holds (the editor stops adding there). */
export const MAX_OPTIONS = 100;
/** The most blocks a step holds (the editor stops adding there). */
export const MAX_BLOCKS_PER_STEP = 200;
/** The most steps a survey holds. */
export const MAX_STEPS = 100;
/** The longest a text block's HTML may be, in UTF-16 units, its markup included. */
export const MAX_TEXT_CONTENT = 100_000;

const dataName = z.string().trim().max(100);
const order = z.number().int().min(0);
const questionText = z.string().max(2000);
// Shown only when the condition holds (see ./conditions); absent means always shown.
const visibleIf = visibleIfSchema.optional();
// A step's or block's own identity within the survey, kept through edits and moves, so two
// versions of a survey can be compared block by block (./ids). Filled in on save when absent.
const itemId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/)
  .optional();

export const textBlockSchema = z.object({
  type: z.literal("text"),
  id: itemId,
  data_name: dataName,
  order,
  visible_if: visibleIf,
  content: z.string().max(MAX_TEXT_CONTENT).default(""),
});

export const openQuestionBlockSchema = z.object({
  type: z.literal("open_question"),
  id: itemId,
  data_name: dataName,
  order,
  visible_if: visibleIf,
  question_text: questionText.default(""),
  is_required: z.boolean().default(false),
});

export const multipleChoiceOptionSchema = z.object({
  order,
  text: z.string().trim().min(1).max(500),
});

export const multipleChoiceBlockSchema = z.object({
  type: z.literal("multiple_choice"),
  id: itemId,
  data_name: dataName,
  order,
  visible_if: visibleIf,
  question_text: questionText.default(""),
  allow_multiple: z.boolean().default(false),
  // Choice and scale questions need an answer unless staff make them optional.
  is_required: z.boolean().default(true),
  options: z.array(multipleChoiceOptionSchema).max(MAX_OPTIONS).default([]),
});

export const scaleBlockSchema = z.object({
  type: z.literal("scale"),
  id: itemId,
  data_name: dataName,
  order,
  visible_if: visibleIf,
  question_text: questionText.default(""),
  min_value: z.number().int().min(-1000).max(1000).default(1),
  max_value: z.number().int().min(-1000).max(1000).default(5),
  min_label: z.string().max(200).default(""),
  max_label: z.string().max(200).default(""),
  is_required: z.boolean().default(true),
});

export const blockSchema = z.discriminatedUnion("type", [
  textBlockSchema,
  openQuestionBlockSchema,
  multipleChoiceBlockSchema,
  scaleBlockSchema,
]);

export const stepSchema = z.object({
  id: itemId,
  order,
  visible_if: visibleIf,
  blocks: z.array(blockSchema).max(MAX_BLOCKS_PER_STEP),
});

export const stepsSchema = z.array(stepSchema).max(MAX_STEPS);

export type Block = z.infer<typeof blockSchema>;
export type BlockType = Block["type"];
export type Step = z.infer<typeof stepSchema>;
