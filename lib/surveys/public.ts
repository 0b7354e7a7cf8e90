import "server-only";
import { sanitizeRichText } from "@/lib/rich-text/sanitize";
import { loadOpenSurvey } from "./load";
import type { Step } from "./schema";
import type { PublicSurvey } from "./types";

/**
 * GET /api/survey/{surveyUuid}. Text blocks are sanitised here, on their way to the page, so the
 * runner can show them as they come and the browser needs no sanitiser of its own.
 */
export async function getPublicSurvey(surveyUuid: string): Promise<PublicSurvey> {
  const survey = await loadOpenSurvey(surveyUuid);
  return {
    study_id: survey.studyId,
    survey_uuid: survey.surveyUuid,
    study_name: survey.studyName,
    steps: survey.steps.map(sanitizeStep),
  };
}

function sanitizeStep(step: Step): Step {
  return {
    ...step,
    blocks: step.blocks.map((block) =>
      block.type === "text" ? { ...block, content: sanitizeRichText(block.content) } : block,
    ),
  };
}
