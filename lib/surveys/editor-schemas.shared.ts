import { z } from "zod";
import { MAX_INT4, uuidSchema } from "@/lib/validation/common.shared";
import { conditionProblemMessages, conditionProblems } from "./condition-rules.shared";
import { surveyProblemMessages, surveyProblems } from "./survey-problems.shared";
import { stepsSchema, type Step } from "./schema.shared";

/**
 * `PUT /api/study/{id}/survey`: the whole survey as the editor holds it. `study_id` and
 * `survey_uuid` must be those of the stored survey (checked against it when saving); `version`
 * is the one the editor last loaded or saved, and may be left out (the save then simply wins).
 * The editor's rules on data names and options (`surveyProblems`) and on conditions
 * (`conditionProblems`) are part of the schema, so a form validating with it and the server
 * agree on every field.
 */
export const saveSurveySchema = z
  .object({
    study_id: z.number().int().min(1).max(MAX_INT4),
    survey_uuid: uuidSchema,
    steps: stepsSchema,
    version: z.number().int().min(0).max(MAX_INT4).optional(),
  })
  .superRefine((value, ctx) => {
    const problems: [string, string][] = [
      ...Object.entries(surveyProblems(value.steps)).map(
        ([path, problem]) => [path, surveyProblemMessages[problem]] as [string, string],
      ),
      ...Object.entries(conditionProblems(value.steps)).map(
        ([path, problem]) => [path, conditionProblemMessages[problem]] as [string, string],
      ),
    ];
    for (const [path, message] of problems) {
      ctx.addIssue({
        code: "custom",
        message,
        path: path.split(".").map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
      });
    }
  });

export type SaveSurveyInput = z.infer<typeof saveSurveySchema>;

/**
 * `GET` and `PUT /api/study/{id}/survey` answer this. `version` grows by one on every save;
 * `response_count` is how many responses the study has stored, so the editor can say that
 * changes apply to new responses only.
 */
export type EditorSurvey = {
  study_id: number;
  survey_uuid: string;
  steps: Step[];
  version: number;
  response_count: number;
};

/**
 * Body limit of a save: far above any real survey (images in text blocks are links to uploaded
 * files), while keeping one request from holding megabytes of memory per call.
 */
export const SAVE_SURVEY_MAX_BODY_BYTES = 4 * 1024 * 1024;
