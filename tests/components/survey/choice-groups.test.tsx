import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { SurveySteps } from "@/components/survey/survey-steps";
import type { Block } from "@/lib/surveys/schema.shared";
import type { PublicSurvey } from "@/lib/surveys/types.shared";
import { messagesOf, renderIntl } from "../../support/render-intl";
import { setUpRunnerServer } from "../../support/survey-runner";

// A radio may not say it is invalid or required (aria-invalid and aria-required are not allowed
// on it); the group of radios may, as a radiogroup. Checkboxes say it each themselves.

const t = messagesOf.en.survey;
const UUID = "4a5b6c7d-8e9f-4a0b-9c1d-2e3f4a5b6c7d";

const choice = (order: number, question_text: string, allow_multiple: boolean): Block => ({
  type: "multiple_choice",
  data_name: `choice${order}`,
  order,
  question_text,
  is_required: true,
  allow_multiple,
  options: [
    { order: 0, text: "Yes" },
    { order: 1, text: "No" },
  ],
});
const scale = (order: number, question_text: string, is_required: boolean): Block => ({
  type: "scale",
  data_name: `scale${order}`,
  order,
  question_text,
  is_required,
  min_value: 1,
  max_value: 5,
  min_label: "",
  max_label: "",
});

const survey: PublicSurvey = {
  study_id: 1,
  survey_uuid: UUID,
  study_name: "Groups study",
  version: 1,
  steps: [
    {
      order: 0,
      blocks: [
        choice(0, "Did you tell anyone?", false),
        scale(1, "How safe do you feel?", true),
        scale(2, "How tired are you?", false),
        choice(3, "Who helped?", true),
      ],
    },
  ],
};

setUpRunnerServer();

describe("questions answered by choosing, as assistive technology reads them", () => {
  it("a group of radios is a radiogroup named by its question, saying required and, once checked, invalid", async () => {
    renderIntl(<SurveySteps survey={survey} />, "en");
    const told = screen.getByRole("radiogroup", { name: /Did you tell anyone/ });
    const safe = screen.getByRole("radiogroup", { name: /How safe/ });
    const tired = screen.getByRole("radiogroup", { name: /How tired/ });
    expect([told, safe, tired].map((g) => g.getAttribute("aria-required"))).toEqual([
      "true",
      "true",
      null,
    ]);
    expect([told, safe, tired].map((g) => g.getAttribute("aria-invalid"))).toEqual([
      null,
      null,
      null,
    ]);
    // Several may be chosen: checkboxes in a plain group.
    const helped = screen.getByRole("group", { name: /Who helped/ });
    expect(helped.getAttribute("aria-invalid")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: t.submit }));
    await waitFor(() => expect(told.getAttribute("aria-invalid")).toBe("true"));
    expect(safe.getAttribute("aria-invalid")).toBe("true");
    expect(tired.getAttribute("aria-invalid")).toBeNull();
    // The error is what the group points at, after its hint.
    const error = document.getElementById(`${told.id}-error`);
    expect(error?.textContent).toBe(t.problems.select_option);
    expect(told.getAttribute("aria-describedby")).toBe(`${told.id}-hint ${told.id}-error`);
    for (const box of helped.querySelectorAll("input")) {
      expect(box.getAttribute("aria-invalid")).toBe("true");
    }

    // Answering clears it at once.
    fireEvent.click(within(safe).getByRole("radio", { name: "3" }));
    await waitFor(() => expect(safe.getAttribute("aria-invalid")).toBeNull());
  });
});
