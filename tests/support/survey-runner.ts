import { afterAll, beforeAll, beforeEach } from "vitest";
import type { PublicSurvey } from "@/lib/surveys/types.shared";
import { startApiTestServer, type ApiTestServer } from "./api-test-server";
import { browseTo } from "./render-intl";

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
  let started: ApiTestServer | undefined;
  beforeAll(async () => {
    started = await startApiTestServer();
  });
  afterAll(() => started?.close());
  beforeEach(() => {
    sessionStorage.clear();
    server().requests.length = 0;
    browseTo(server().origin);
  });
  function server(): ApiTestServer {
    if (!started) throw new Error("the API server starts in beforeAll");
    return started;
  }
  return server;
}
