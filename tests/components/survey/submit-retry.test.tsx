import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { keptAnswersKey } from "@/components/survey/kept-answers";
import { isDatabaseAway, retryDelayMs } from "@/components/survey/submit-retry";
import { SurveySteps } from "@/components/survey/survey-steps";
import { messagesOf, renderIntl } from "../../support/render-intl";
import { setUpRunnerServer, storySurvey } from "../../support/survey-runner";

const t = messagesOf.en.survey;
const UUID = "5d2f1c3e-4b6a-4c8d-9e0f-1a2b3c4d5e6f";
const SUBMIT = `POST /api/survey/${UUID}/submit`;
const away = { status: 503, body: { error: { code: 13, message: "An unknown error occurred" } } };

const survey = storySurvey(UUID, "Retry study");
const server = setUpRunnerServer();

function answerAndSubmit() {
  fireEvent.change(screen.getByRole("textbox", { name: /What happened/ }), {
    target: { value: "Kept while the database is away" },
  });
  fireEvent.click(screen.getByRole("button", { name: t.submit }));
}

const submits = () => server().requests.filter((r) => `${r.method} ${r.path}` === SUBMIT);

describe("a submission while the database is away", () => {
  it("is sent again by itself with the same submission id, saying so, until it is stored", async () => {
    let calls = 0;
    server().on(SUBMIT, () =>
      ++calls <= 2 ? away : { status: 200, body: { token: "TOKEN7777" } },
    );
    renderIntl(<SurveySteps survey={survey} />, "en");
    answerAndSubmit();

    expect(await screen.findByText(t.retrying.title)).toBeTruthy();
    // The participant is told it is being tried again, not shown the failure itself.
    expect(screen.queryByRole("alert")).toBeNull();
    // Pressed again it sends nothing, yet keeps focus (SubmitButton).
    expect(screen.getByRole("button", { name: t.submitting }).getAttribute("aria-disabled")).toBe(
      "true",
    );
    // What is being sent cannot change while it is: the fields wait too.
    // (The test DOM does not pass a fieldset's disabled state on to its fields; browsers do.)
    const fields = screen.getByRole("textbox", { name: /What happened/ }).closest("fieldset");
    expect(fields?.disabled).toBe(true);
    // The answers stay kept in the tab while it waits.
    expect(sessionStorage.getItem(keptAnswersKey(UUID, false))).toContain("Kept while");

    expect(await screen.findByDisplayValue("TOKEN7777", {}, { timeout: 5_000 })).toBeTruthy();
    const sent = submits();
    expect(sent).toHaveLength(3);
    const ids = sent.map((r) => (r.body as { submission_id: string }).submission_id);
    expect(new Set(ids).size).toBe(1);
    expect(sent.every((r) => JSON.stringify(r.body) === JSON.stringify(sent[0].body))).toBe(true);
    expect(screen.queryByText(t.retrying.title)).toBeNull();
  });

  it("is not sent again for any other failure: that failure is shown", async () => {
    server().on(SUBMIT, { status: 500, body: { error: { code: 13, message: "x" } } });
    renderIntl(<SurveySteps survey={survey} />, "en");
    answerAndSubmit();
    expect(await screen.findByRole("alert")).toBeTruthy();
    await new Promise((r) => setTimeout(r, retryDelayMs(0) + 300));
    expect(submits()).toHaveLength(1);
    expect(screen.queryByText(t.retrying.title)).toBeNull();
  });

  it("stops when the participant leaves", async () => {
    server().on(SUBMIT, away);
    const view = renderIntl(<SurveySteps survey={survey} />, "en");
    answerAndSubmit();
    await screen.findByText(t.retrying.title);
    await waitFor(() => expect(submits()).toHaveLength(1));
    view.unmount();
    await new Promise((r) => setTimeout(r, retryDelayMs(0) + retryDelayMs(1) + 300));
    expect(submits()).toHaveLength(1);
  });
});

describe("a study that closes while the participant answers", () => {
  it("shows the code's text and that it just closed, and keeps nothing of the answers", async () => {
    server().on(SUBMIT, {
      status: 409,
      body: { error: { code: 20, message: "The study is not open" } },
    });
    renderIntl(<SurveySteps survey={survey} />, "en");
    answerAndSubmit();
    expect(await screen.findByText(messagesOf.en.errors.codes["20"])).toBeTruthy();
    expect(screen.getByText(t.closedWhileAnswering)).toBeTruthy();
    expect(screen.getByRole("link", { name: t.openStudies })).toBeTruthy();
    expect(sessionStorage.getItem(keptAnswersKey(UUID, false))).toBeNull();
    expect(screen.queryByRole("textbox", { name: /What happened/ })).toBeNull();
    // The form that held the focus is gone: the reader goes on at the page's heading.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole("heading", { level: 1 })),
    );
  });
});

describe("the retry rule", () => {
  it("retries only 503 with code 13, waiting longer each time up to 15 s", () => {
    expect(isDatabaseAway({ ok: false, status: 503, error: { code: 13 } })).toBe(true);
    expect(isDatabaseAway({ ok: false, status: 500, error: { code: 13 } })).toBe(false);
    expect(isDatabaseAway({ ok: false, status: 503, error: { code: 20 } })).toBe(false);
    expect(isDatabaseAway({ ok: true, status: 200 })).toBe(false);
    const delays = Array.from({ length: 10 }, (_, i) => retryDelayMs(i));
    expect(delays.slice(0, 6)).toEqual([500, 1_000, 2_000, 4_000, 8_000, 15_000]);
    expect(delays.slice(6).every((d) => d === 15_000)).toBe(true);
  });
});
