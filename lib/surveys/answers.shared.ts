import { z } from "zod";
import { MAX_OPEN_ANSWER_LENGTH } from "./answer-limits.shared";

/**
 * What a participant sends (an Answer): one entry per answered question, identified by
 * the block's data_name and type, carrying exactly the value field of that type.
 */
const dataName = z.string().max(100);

export const openAnswerSchema = z.object({
  type: z.literal("open_question"),
  data_name: dataName,
  open_answer: z.string().max(MAX_OPEN_ANSWER_LENGTH),
});

export const choiceAnswerSchema = z.object({
  type: z.literal("multiple_choice"),
  data_name: dataName,
  selected_options: z.array(z.string().max(500)).max(100),
});

export const scaleAnswerSchema = z.object({
  type: z.literal("scale"),
  data_name: dataName,
  scale_value: z.number().int().min(-1000).max(1000),
});

export const answerSchema = z.discriminatedUnion("type", [
  openAnswerSchema,
  choiceAnswerSchema,
  scaleAnswerSchema,
]);

/** The body of POST /api/survey/{surveyUuid}/submit. */
export const submitAnswersSchema = z
  .object({
    answers: z.array(answerSchema).max(5_000),
    // Made by the runner when the survey starts; a retry with the same id is the same submission
    // (deliberate extension of the specification's payload, which has only `answers`).
    submission_id: z.uuid().optional(),
    // What each answer's question asked when it was answered (`questionFingerprint`), in the
    // order of `answers`: a question staff reworded meanwhile refuses its answer instead of
    // storing it under words the participant never saw (also an extension of the payload).
    asked: z.array(z.string().max(32)).max(5_000).optional(),
    // The data names of the questions the participant was shown (`shownFor` on the survey the
    // runner loaded): answers taken against a survey staff have changed since, so that a
    // question appears or disappears on this participant's path, are refused rather than
    // stored as if they had seen it (also an extension of the payload).
    shown: z.array(z.string().max(100)).max(5_000).optional(),
  })
  .refine((body) => body.asked === undefined || body.asked.length === body.answers.length, {
    message: "asked has one entry per answer",
    path: ["asked"],
  });

/** What the server keeps (encrypted) and hands back on lookup: the answer and what was asked. */
export const storedAnswerSchema = z.discriminatedUnion("type", [
  openAnswerSchema.extend({ question_text: z.string() }),
  choiceAnswerSchema.extend({ question_text: z.string() }),
  scaleAnswerSchema.extend({ question_text: z.string() }),
]);

export type Answer = z.infer<typeof answerSchema>;
export type SubmitAnswers = z.infer<typeof submitAnswersSchema>;
export type StoredAnswer = z.infer<typeof storedAnswerSchema>;
export type SubmitResult = { token: string };
