import { z } from "zod";

/** The survey_uuid path segment: any well-formed UUID (Postgres would refuse anything else). */
export const surveyUuidParamsSchema = z.object({
  surveyUuid: z.guid("not a valid survey id").transform((v) => v.toLowerCase()),
});

export type SurveyUuidParams = z.infer<typeof surveyUuidParamsSchema>;
