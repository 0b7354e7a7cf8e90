import { fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { keptAnswersKey } from "@/components/survey/kept-answers";
import { SurveySteps } from "@/components/survey/survey-steps";
import type { Step } from "@/lib/surveys/schema.shared";
import type { PublicSurvey } from "@/lib/surveys/types.shared";
import { setUpApiTestServer } from "../../support/api-test-file";
import { messagesOf, renderIntl } from "../../support/render-intl";

const t = messagesOf.en.survey;
const UUID = "7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f";
const SUBMIT = `POST /api/survey/${UUID}/submit`;

/** Yes leads to step 2; No skips it and shows the safety question on step 3 instead. */
function steps(): Step[] {
  return [
    {
      order: 0,
      blocks: [
        {
          type: "multiple_choice",
          data_name: "happened",
          order: 0,
          question_text: "Has this happened to you?",
          is_required: true,
          allow_multiple: false,
          options: [
            { order: 0, text: "Yes" },
            { order: 1, text: "No" },
          ],
        },
      ],
    },
    {
      order: 1,
      visible_if: { data_name: "happened", op: "equals", value: "Yes" },
      blocks: [
        {
          type: "open_question",
          data_name: "what",
          order: 0,
          question_text: "What happened?",
          is_required: true,
        },
      ],
    },
    {
      order: 2,
      blocks: [
        {
          type: "scale",
          data_name: "safe",
          order: 0,
          question_text: "How safe do you feel?",
          is_required: true,
          min_value: 1,
          max_value: 5,
          min_label: "",
          max_label: "",
          visible_if: { data_name: "happened", op: "equals", value: "No" },
        },
        {
          type: "open_question",
          data_name: "else",
          order: 1,
          question_text: "Anything else?",
          is_required: false,
        },
      ],
    },
  ] as Step[];
}

const survey = (): PublicSurvey => ({
  study_id: 1,
  survey_uuid: UUID,
  study_name: "Branching study",
  version: 3,
  steps: steps(),
});

const server = setUpApiTestServer();
beforeEach(() => {
  sessionStorage.clear();
  server().on(SUBMIT, { status: 200, body: { token: "TOKENPATH" } });
});

const next = () => fireEvent.click(screen.getByRole("button", { name: t.next }));
const sent = () => server().requests.find((r) => `${r.method} ${r.path}` === SUBMIT)?.body;

describe("the runner follows the survey's conditions", () => {
  it("takes the Yes branch: its question is required, the No branch's is never shown", async () => {
    renderIntl(<SurveySteps survey={survey()} />, "en");
    expect(screen.getAllByText("step 1 of 2").length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole("radio", { name: "Yes" }));
    // With Yes, the path has three steps.
    expect(screen.getAllByText("step 1 of 3").length).toBeGreaterThan(0);
    next();
    expect(await screen.findByRole("textbox", { name: /What happened/ })).toBeTruthy();
    next();
    expect(await screen.findByText(t.problems.fill_in_answer)).toBeTruthy();
    fireEvent.change(screen.getByRole("textbox", { name: /What happened/ }), {
      target: { value: "Something" },
    });
    next();
    expect(await screen.findByRole("textbox", { name: /Anything else/ })).toBeTruthy();
    expect(screen.getByText(`(${t.optional})`)).toBeTruthy();
    expect(screen.queryByRole("radiogroup", { name: /How safe/ })).toBeNull();
    expect(screen.getAllByText("step 3 of 3").length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole("button", { name: t.submit }));
    expect(await screen.findByDisplayValue("TOKENPATH")).toBeTruthy();
    expect(sent()).toMatchObject({
      answers: [
        { data_name: "happened", selected_options: ["Yes"] },
        { data_name: "what", open_answer: "Something" },
      ],
    });
  });

  it("takes the No branch: skips the step that is not shown and asks the safety question", async () => {
    renderIntl(<SurveySteps survey={survey()} />, "en");
    fireEvent.click(screen.getByRole("radio", { name: "No" }));
    next();
    expect(await screen.findByRole("radiogroup", { name: /How safe/ })).toBeTruthy();
    expect(screen.queryByRole("textbox", { name: /What happened/ })).toBeNull();
    expect(screen.getAllByText("step 2 of 2").length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole("button", { name: t.submit }));
    expect(await screen.findByText(t.problems.give_answer)).toBeTruthy();
    fireEvent.click(screen.getByRole("radio", { name: "4" }));
    // Previous goes back over the skipped step to the first.
    fireEvent.click(screen.getByRole("button", { name: t.previous }));
    expect(await screen.findByRole("radio", { name: "No" })).toBeTruthy();
    next();
    fireEvent.click(await screen.findByRole("button", { name: t.submit }));
    expect(await screen.findByDisplayValue("TOKENPATH")).toBeTruthy();
    expect(sent()).toMatchObject({
      answers: [
        { data_name: "happened", selected_options: ["No"] },
        { data_name: "safe", scale_value: 4 },
      ],
    });
  });

  it("drops an answer whose question leaves the path, from what is sent and kept in the tab", async () => {
    renderIntl(<SurveySteps survey={survey()} />, "en");
    fireEvent.click(screen.getByRole("radio", { name: "Yes" }));
    next();
    fireEvent.change(await screen.findByRole("textbox", { name: /What happened/ }), {
      target: { value: "Private words" },
    });
    await waitFor(() =>
      expect(sessionStorage.getItem(keptAnswersKey(UUID, false))).toContain("Private words"),
    );
    fireEvent.click(screen.getByRole("button", { name: t.previous }));
    fireEvent.click(await screen.findByRole("radio", { name: "No" }));
    await waitFor(() =>
      expect(sessionStorage.getItem(keptAnswersKey(UUID, false))).not.toContain("Private words"),
    );
    next();
    fireEvent.click(await screen.findByRole("radio", { name: "2" }));
    fireEvent.click(screen.getByRole("button", { name: t.submit }));
    expect(await screen.findByDisplayValue("TOKENPATH")).toBeTruthy();
    expect(JSON.stringify(sent())).not.toContain("Private words");
  });
});
