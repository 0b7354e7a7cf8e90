import "server-only";
import { z } from "zod";
import { uuidSchema } from "@/lib/validation";

/** The survey_uuid path segment: any well-formed UUID (Postgres would refuse anything else). */
export const surveyUuidParamsSchema = z.object({ surveyUuid: uuidSchema });

export type SurveyUuidParams = z.infer<typeof surveyUuidParamsSchema>;
