import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { SurveyRunner } from "@/components/survey/survey-runner";
import type { PublicSurvey } from "@/lib/surveys/types.shared";
import { messagesOf, renderIntl } from "../../support/render-intl";
import { setUpRunnerServer } from "../../support/survey-runner";

const t = messagesOf.en.survey;
const UUID = "7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";

const survey: PublicSurvey = {
  study_id: 1,
  survey_uuid: UUID,
  study_name: "Focus study",
  version: 1,
  steps: [
    {
      order: 0,
      blocks: [
        {
          type: "scale",
          data_name: "impact",
          order: 0,
          question_text: "How much did it affect you?",
          is_required: true,
          min_value: 1,
          max_value: 5,
          min_label: "Not at all",
          max_label: "Very much",
        },
      ],
    },
  ],
};

const server = setUpRunnerServer();

describe("submitting with Enter from an answer", () => {
  // The fields are disabled while the answers are on their way; the focus must not fall to the
  // page's body with them (a keyboard or screen-reader user would start again at the top).
  it("moves the focus to the submit button while the answers are on their way", async () => {
    let answer: (() => void) | undefined;
    server().on(`GET /api/survey/${UUID}`, { status: 200, body: survey });
    server().on(
      `POST /api/survey/${UUID}/submit`,
      () =>
        new Promise((resolve) => {
          answer = () => resolve({ status: 200, body: { token: "TOKENFOCUS" } });
        }),
    );
    renderIntl(<SurveyRunner surveyUuid={UUID} preview={false} />, "en");
    const value = await screen.findByRole("radio", { name: /^3/ });
    fireEvent.click(value);
    value.focus();
    expect(document.activeElement).toBe(value);
    fireEvent.submit(value.closest("form")!);

    await waitFor(() => expect(answer).toBeDefined());
    const submit = screen.getByRole("button", { name: new RegExp(t.submitting) });
    expect(document.activeElement).toBe(submit);
    answer!();
    expect(await screen.findByDisplayValue("TOKENFOCUS")).toBeTruthy();
  });
});
