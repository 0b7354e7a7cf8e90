import type { Step } from "./schema";

/** GET /api/survey/{surveyUuid}: DESIGN §4's survey shape plus the study's name. */
export type PublicSurvey = {
  study_id: number;
  survey_uuid: string;
  study_name: string;
  steps: Step[];
};
