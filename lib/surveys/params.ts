import "server-only";
import { z } from "zod";
import { uuidSchema } from "@/lib/validation/common.shared";

/** The survey_uuid path segment: any well-formed UUID (Postgres would refuse anything else). */
export const surveyUuidParamsSchema = z.object({ surveyUuid: uuidSchema });

export type SurveyUuidParams = z.infer<typeof surveyUuidParamsSchema>;

/**
 * `?preview=1` asks for the staff preview. Any other value, or none, is an ordinary visitor's
 * request: a made-up query never turns into an error a visitor would see.
 */
export const surveyQuerySchema = z.object({
  preview: z
    .string()
    .optional()
    .transform((value) => value === "1"),
});
