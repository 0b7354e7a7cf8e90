import { z } from "zod";

const dataName = z.string().trim().max(100);
const order = z.number().int().min(0);
const questionText = z.string().max(2000);

export const textBlockSchema = z.object({
  type: z.literal("text"),
  data_name: dataName,
  order,
  content: z.string().max(100_000).default(""),
});

export const openQuestionBlockSchema = z.object({
  type: z.literal("open_question"),
  data_name: dataName,
  order,
  question_text: questionText.default(""),
  is_required: z.boolean().default(false),
});

export const multipleChoiceOptionSchema = z.object({
  order,
  text: z.string().trim().min(1).max(500),
});

export const multipleChoiceBlockSchema = z.object({
  type: z.literal("multiple_choice"),
  data_name: dataName,
  order,
  question_text: questionText.default(""),
  allow_multiple: z.boolean().default(false),
  options: z.array(multipleChoiceOptionSchema).max(100).default([]),
});

export const scaleBlockSchema = z.object({
  type: z.literal("scale"),
  data_name: dataName,
  order,
  question_text: questionText.default(""),
  min_value: z.number().int().min(-1000).max(1000).default(1),
  max_value: z.number().int().min(-1000).max(1000).default(5),
  min_label: z.string().max(200).default(""),
  max_label: z.string().max(200).default(""),
});

export const blockSchema = z.discriminatedUnion("type", [
  textBlockSchema,
  openQuestionBlockSchema,
  multipleChoiceBlockSchema,
  scaleBlockSchema,
]);

export const stepSchema = z.object({
  order,
  blocks: z.array(blockSchema).max(200),
});

export const stepsSchema = z.array(stepSchema).max(100);

export type Block = z.infer<typeof blockSchema>;
export type BlockType = Block["type"];
export type Step = z.infer<typeof stepSchema>;
