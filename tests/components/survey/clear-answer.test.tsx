import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { SurveySteps } from "@/components/survey/survey-steps";
import type { Block } from "@/lib/surveys/schema.shared";
import type { PublicSurvey } from "@/lib/surveys/types.shared";
import { messagesOf, renderIntl } from "../../support/render-intl";
import { setUpRunnerServer } from "../../support/survey-runner";

const t = messagesOf.en.survey;
const UUID = "3e4f5a6b-7c8d-4e9f-8a0b-1c2d3e4f5a6b";
const SUBMIT = `POST /api/survey/${UUID}/submit`;

const choice = (data_name: string, question_text: string, is_required: boolean): Block => ({
  type: "multiple_choice",
  data_name,
  order: 0,
  question_text,
  is_required,
  allow_multiple: false,
  options: [
    { order: 0, text: "Yes" },
    { order: 1, text: "No" },
  ],
});

const survey: PublicSurvey = {
  study_id: 1,
  survey_uuid: UUID,
  study_name: "Clear study",
  version: 1,
  steps: [
    {
      order: 0,
      blocks: [
        choice("police", "Did you go to the police?", false),
        {
          type: "scale",
          data_name: "safe",
          order: 1,
          question_text: "How safe do you feel?",
          is_required: false,
          min_value: 1,
          max_value: 5,
          min_label: "",
          max_label: "",
        },
        { ...choice("adult", "Are you 16 or older?", true), order: 2 },
      ],
    },
  ],
};

const server = setUpRunnerServer();
const clearOf = (question: string) =>
  screen.queryByRole("button", { name: t.clearAnswerOf.replace("{question}", question) });

describe("an optional question answered by radio buttons", () => {
  it("can be left unanswered again, and is then sent without an answer", async () => {
    server().on(SUBMIT, { status: 200, body: { token: "TOKEN3333" } });
    renderIntl(<SurveySteps survey={survey} />, "en");
    const police = "Did you go to the police?";
    const safe = "How safe do you feel?";
    expect(clearOf(police)).toBeNull();

    const [yes] = screen.getAllByRole("radio", { name: "Yes" });
    fireEvent.click(yes);
    fireEvent.click(screen.getByRole("radio", { name: "4" }));
    fireEvent.click(screen.getAllByRole("radio", { name: "Yes" })[1]);
    // Only optional questions offer it; the required one must keep an answer.
    expect(clearOf("Are you 16 or older?")).toBeNull();

    fireEvent.click(clearOf(police)!);
    expect((yes as HTMLInputElement).checked).toBe(false);
    expect(clearOf(police)).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(yes));
    fireEvent.click(clearOf(safe)!);
    expect((screen.getByRole("radio", { name: "4" }) as HTMLInputElement).checked).toBe(false);

    fireEvent.click(screen.getByRole("button", { name: t.submit }));
    expect(await screen.findByDisplayValue("TOKEN3333")).toBeTruthy();
    const sent = server().requests.find((r) => `${r.method} ${r.path}` === SUBMIT);
    const names = (sent?.body as { answers: { data_name: string }[] }).answers.map(
      (a) => a.data_name,
    );
    expect(names).toEqual(["adult"]);
  });
});
