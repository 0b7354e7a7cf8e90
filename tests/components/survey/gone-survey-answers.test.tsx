import { screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { keptAnswersKey } from "@/components/survey/kept-answers";
import { SurveyRunner } from "@/components/survey/survey-runner";
import { setUpApiTestServer } from "../../support/api-test-file";
import { messagesOf, renderIntl } from "../../support/render-intl";

const UUID = "0b7c5a52-7d0c-4a6e-9f38-3f4d2a1b9c11";
const key = keptAnswersKey(UUID, false);
const t = messagesOf.en.survey;
const KEPT = JSON.stringify({ version: 1, step: 0, answers: { "0.0": "kept" } });

const server = setUpApiTestServer();

beforeEach(() => {
  sessionStorage.clear();
  sessionStorage.setItem(key, KEPT);
});

async function loadWith(status: number, code: number) {
  server().on(`GET /api/survey/${UUID}`, {
    status,
    body: { error: { code, message: "refused" } },
  });
  renderIntl(<SurveyRunner surveyUuid={UUID} preview={false} />, "en");
  expect(await screen.findByText(t.loadErrorTitle)).toBeTruthy();
}

describe("answers kept in the tab for a survey that can no longer take them", () => {
  // Removed by an effect, which React runs after the notice is on screen: waited for.
  it("are removed when the study is closed (code 20)", async () => {
    await loadWith(409, 20);
    await waitFor(() => expect(sessionStorage.getItem(key)).toBeNull());
  });

  it("are removed when the survey is gone (code 14)", async () => {
    await loadWith(404, 14);
    await waitFor(() => expect(sessionStorage.getItem(key)).toBeNull());
  });

  it("stay when the failure may pass (the database away, code 13)", async () => {
    await loadWith(503, 13);
    // Long enough for the effect that would have removed them.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sessionStorage.getItem(key)).toBe(KEPT);
  });
});
