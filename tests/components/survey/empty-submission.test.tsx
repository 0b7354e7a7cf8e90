import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { keptAnswersKey } from "@/components/survey/kept-answers";
import { SurveySteps } from "@/components/survey/survey-steps";
import type { PublicSurvey } from "@/lib/surveys/types.shared";
import { messagesOf, renderIntl } from "../../support/render-intl";
import { setUpRunnerServer, storySurvey } from "../../support/survey-runner";

// A survey of optional questions may be sent with no answers. If the reply to that is lost and
// the participant reloads, the resend must carry the same submission id, or it is stored twice.

const t = messagesOf.en.survey;
const UUID = "0b7d6c5e-4f3a-4b2c-9d1e-0f9a8b7c6d5e";
const SUBMIT = `POST /api/survey/${UUID}/submit`;
const key = keptAnswersKey(UUID, false);

const story = storySurvey(UUID, "Optional study");
const survey: PublicSurvey = {
  ...story,
  steps: [
    { ...story.steps[0], blocks: [{ ...story.steps[0].blocks[0], is_required: false }] as never },
  ],
};
const server = setUpRunnerServer();

type Submitted = { answers: unknown[]; submission_id: string };
const submits = () =>
  server()
    .requests.filter((r) => `${r.method} ${r.path}` === SUBMIT)
    .map((r) => r.body as Submitted);
const submit = () => fireEvent.click(screen.getByRole("button", { name: t.submit }));

describe("a survey sent with no answers", () => {
  it("keeps its submission id in the tab until the token arrives, so a reload resends it as one", async () => {
    let lose = true;
    server().on(SUBMIT, (req) => {
      const { submission_id } = req.body as Submitted;
      return lose
        ? { status: 502 }
        : { status: 200, body: { token: `TOKEN-${submission_id.slice(0, 4)}` } };
    });
    const view = renderIntl(<SurveySteps survey={survey} />, "en");
    // Nothing answered and nothing sent: no trace of the survey in the tab.
    expect(sessionStorage.getItem(key)).toBeNull();
    submit();
    expect(await screen.findByRole("alert")).toBeTruthy();
    await waitFor(() => expect(sessionStorage.getItem(key)).toContain(submits()[0].submission_id));

    view.unmount();
    lose = false;
    renderIntl(<SurveySteps survey={survey} />, "en");
    // There are no answers to speak of having brought back.
    expect(screen.queryByText(t.restored.title)).toBeNull();
    submit();
    const token = (await screen.findByLabelText(t.done.tokenLabel)) as HTMLInputElement;
    const sent = submits();
    expect(sent.map((s) => s.answers)).toEqual([[], []]);
    expect(sent[1].submission_id).toBe(sent[0].submission_id);
    expect(token.value).toBe(`TOKEN-${sent[0].submission_id.slice(0, 4)}`);
    expect(sessionStorage.length).toBe(0);
  });

  // The first reload's runner must know the id was sent: otherwise, finding no answers, it
  // removed the record, and a second reload made a new id and a second response.
  it("keeps the id through a second reload before it is sent again", async () => {
    server().on(SUBMIT, { status: 502 });
    let view = renderIntl(<SurveySteps survey={survey} />, "en");
    submit();
    expect(await screen.findByRole("alert")).toBeTruthy();
    const id = submits()[0].submission_id;
    await waitFor(() => expect(sessionStorage.getItem(key)).toContain(id));

    for (let reload = 0; reload < 2; reload++) {
      view.unmount();
      view = renderIntl(<SurveySteps survey={survey} />, "en");
      await screen.findByRole("button", { name: t.submit });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(sessionStorage.getItem(key)).toContain(id);
    }
  });
});
