import { fireEvent, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { OpenQuestionField } from "@/components/survey/open-question-field";
import { MAX_OPEN_ANSWER_LENGTH } from "@/lib/surveys/answer-limits.shared";
import { messagesOf, renderIntl } from "../../support/render-intl";

const t = messagesOf.nl.survey.answerLength;

function Field() {
  const [value, setValue] = useState("");
  return (
    <OpenQuestionField
      id="story"
      block={{
        type: "open_question",
        data_name: "story",
        order: 0,
        question_text: "Wat is er gebeurd?",
        is_required: false,
      }}
      value={value}
      error={null}
      onChange={setValue}
      onClear={() => setValue("")}
    />
  );
}

describe("an open answer near its length limit", () => {
  // The field takes no more than the limit, and the browser cuts a longer paste there without
  // a word: near the limit the field says how much is used, at it that the rest was not added.
  it("says nothing below 90 %, counts near the limit, and says so at it", () => {
    renderIntl(<Field />, "nl");
    const field = screen.getByRole("textbox", { name: /Wat is er gebeurd/ });
    expect(field.getAttribute("maxlength")).toBe(String(MAX_OPEN_ANSWER_LENGTH));

    // The live region is there from the start, empty, so that filling it is announced.
    const status = screen.getByRole("status");
    expect(status.textContent).toBe("");
    fireEvent.change(field, { target: { value: "a".repeat(8_999) } });
    expect(field.getAttribute("aria-describedby")).toBeNull();

    fireEvent.change(field, { target: { value: "a".repeat(9_500) } });
    const note = t.nearLimit.replace("{count}", "9.500").replace("{max}", "10.000");
    expect(screen.getByText(note)).toBeTruthy();
    expect(document.getElementById(field.getAttribute("aria-describedby")!)?.textContent).toBe(
      note,
    );
    expect(status.textContent).toBe("");

    fireEvent.change(field, { target: { value: "a".repeat(MAX_OPEN_ANSWER_LENGTH) } });
    expect(screen.getByRole("status")).toBe(status);
    expect(status.textContent).toBe(t.atLimit.replace("{max}", "10.000"));
  });
});
