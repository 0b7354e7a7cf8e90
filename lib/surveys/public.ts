import "server-only";
import { sanitizeRichText } from "@/lib/rich-text/sanitize";
import { loadOpenSurvey } from "./load";
import type { Step } from "./schema.shared";
import type { PublicSurvey } from "./types.shared";

/**
 * GET /api/survey/{surveyUuid}. Text blocks are sanitised here, on their way to the page, so the
 * runner can show them as they come and the browser needs no sanitiser of its own. `preview`
 * (the caller is signed-in staff and asked for it) answers at every study status and says so.
 */
export async function getPublicSurvey(
  surveyUuid: string,
  { preview = false }: { preview?: boolean } = {},
): Promise<PublicSurvey> {
  const survey = await loadOpenSurvey(surveyUuid, undefined, { anyStatus: preview });
  return {
    study_id: survey.studyId,
    survey_uuid: survey.surveyUuid,
    study_name: survey.studyName,
    version: survey.version,
    steps: survey.steps.map(sanitizeStep),
    ...(preview ? { preview: true as const } : {}),
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
