import type { Step } from "./schema";

/** GET /api/survey/{surveyUuid}: the survey (study id, uuid, steps) plus the study's name. */
export type PublicSurvey = {
  study_id: number;
  survey_uuid: string;
  study_name: string;
  steps: Step[];
};
