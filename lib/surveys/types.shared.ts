import type { Step } from "./schema.shared";

/** GET /api/survey/{surveyUuid}: the survey (study id, uuid, steps) plus the study's name. */
export type PublicSurvey = {
  study_id: number;
  survey_uuid: string;
  study_name: string;
  /**
   * Changes whenever the survey is saved. The runner tags the answers it keeps in the tab with
   * it, so answers given to an earlier form of the survey are never put into a changed one.
   */
  version: number;
  steps: Step[];
  /** Only in a signed-in staff member's preview (`?preview=1`): the runner never submits. */
  preview?: true;
};
