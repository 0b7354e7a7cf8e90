import { beforeEach } from "vitest";
import type { PublicSurvey } from "@/lib/surveys/types.shared";
import { setUpApiTestServer } from "./api-test-file";
import type { ApiTestServer } from "./api-test-server";

/** A survey of one required open question, "What happened?" (data name `story`). */
export function storySurvey(surveyUuid: string, studyName: string): PublicSurvey {
  return {
    study_id: 1,
    survey_uuid: surveyUuid,
    study_name: studyName,
    version: 1,
    steps: [
      {
        order: 0,
        blocks: [
          {
            type: "open_question",
            data_name: "story",
            order: 0,
            question_text: "What happened?",
            is_required: true,
          },
        ],
      },
    ],
  };
}

/**
 * Sets up a test file of the survey runner: one API server for the whole file, the page pointed
 * at it, and before each test an empty tab storage and request log. Call it once, at the top.
 */
export function setUpRunnerServer(): () => ApiTestServer {
  const server = setUpApiTestServer();
  beforeEach(() => sessionStorage.clear());
  return server;
}
