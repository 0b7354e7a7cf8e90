import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { keptAnswersKey } from "@/components/survey/kept-answers";
import { SurveySteps } from "@/components/survey/survey-steps";
import { MAX_SENT_UNDER_ID, withSent } from "@/components/survey/use-survey-submission";
import type { Answer } from "@/lib/surveys/answers.shared";
import { messagesOf, renderIntl } from "../../support/render-intl";
import { setUpRunnerServer, storySurvey } from "../../support/survey-runner";

// Answers stored, the reply lost, an answer changed, sent again: the server refuses the changed
// answers under the same submission id (code 28) for good. The runner sends the earlier answers
// again to learn the token of what is stored, and says that those are what is stored.

const t = messagesOf.en.survey;
const UUID = "7a1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0";
const SUBMIT = `POST /api/survey/${UUID}/submit`;
const key = keptAnswersKey(UUID, false);

const survey = storySurvey(UUID, "Lost reply study");
const server = setUpRunnerServer();

type Submitted = { answers: Answer[]; submission_id: string };

/**
 * The submit endpoint as the server keeps it: the first answers under an id are stored, the
 * same answers again get the same token, other answers code 28. `loseReplies` replies to that
 * many first requests with a gateway error after storing them, as a reply lost on the way does.
 */
function serveSubmissions(loseReplies: number) {
  const stored = new Map<string, string>();
  server().on(SUBMIT, (req) => {
    const { answers, submission_id } = req.body as Submitted;
    const first = stored.get(submission_id);
    if (first === undefined) stored.set(submission_id, JSON.stringify(answers));
    if (loseReplies-- > 0) return { status: 502 };
    if (first !== undefined && first !== JSON.stringify(answers)) {
      return {
        status: 409,
        body: {
          error: { code: 28, message: "This survey was already submitted with other answers" },
        },
      };
    }
    return { status: 200, body: { token: `TOKEN-${submission_id.slice(0, 4)}` } };
  });
  return stored;
}

const submits = () =>
  server()
    .requests.filter((r) => `${r.method} ${r.path}` === SUBMIT)
    .map((r) => r.body as Submitted);
const story = (text: string): Answer[] => [
  { type: "open_question", data_name: "story", open_answer: text },
];

function answer(text: string) {
  fireEvent.change(screen.getByRole("textbox", { name: /What happened/ }), {
    target: { value: text },
  });
}
const submit = () => fireEvent.click(screen.getByRole("button", { name: t.submit }));

describe("a changed answer after a lost reply", () => {
  it("shows the token of the answers stored, and says they are the earlier ones", async () => {
    serveSubmissions(1);
    renderIntl(<SurveySteps survey={survey} />, "en");
    answer("First version");
    submit();
    expect(await screen.findByRole("alert")).toBeTruthy();

    answer("Second version");
    submit();
    const token = (await screen.findByLabelText(t.done.tokenLabel)) as HTMLInputElement;
    const sent = submits();
    expect(sent.map((s) => s.answers)).toEqual([
      story("First version"),
      story("Second version"),
      story("First version"),
    ]);
    expect(new Set(sent.map((s) => s.submission_id)).size).toBe(1);
    expect(token.value).toBe(`TOKEN-${sent[0].submission_id.slice(0, 4)}`);
    expect(screen.getByText(t.done.earlierTitle)).toBeTruthy();
    expect(screen.getByText(t.done.earlierDetail)).toBeTruthy();
    expect(sessionStorage.length).toBe(0);
  });

  it("keeps the earlier answers in memory only: the tab holds only the answers on screen", async () => {
    serveSubmissions(1);
    const view = renderIntl(<SurveySteps survey={survey} />, "en");
    answer("Something I took back");
    submit();
    await screen.findByRole("alert");
    answer("What I want to say");
    await waitFor(() => expect(sessionStorage.getItem(key)).toContain("What I want to say"));
    expect(sessionStorage.getItem(key)).not.toContain("Something I took back");

    // After a reload only the answers on screen are known: the refusal is shown as it is.
    view.unmount();
    renderIntl(<SurveySteps survey={survey} />, "en");
    await screen.findByText(t.restored.title);
    submit();
    expect(await screen.findByText(messagesOf.en.errors.codes["28"])).toBeTruthy();
    expect(submits().map((s) => s.answers)).toEqual([
      story("Something I took back"),
      story("What I want to say"),
    ]);
  });

  it("forgets answers refused with 28, so they never crowd out the answers stored", async () => {
    // The stored answers' replies keep getting lost while the participant keeps changing.
    let lose = true;
    const stored = new Map<string, string>();
    server().on(SUBMIT, (req) => {
      const { answers, submission_id } = req.body as Submitted;
      const first = stored.get(submission_id) ?? JSON.stringify(answers);
      stored.set(submission_id, first);
      if (first !== JSON.stringify(answers)) {
        return { status: 409, body: { error: { code: 28, message: "other answers" } } };
      }
      return lose ? { status: 502 } : { status: 200, body: { token: "TOKEN-KEPT" } };
    });
    renderIntl(<SurveySteps survey={survey} />, "en");
    for (const version of ["v0", "v1", "v2", "v3", "v4", "v5", "v6"]) {
      answer(version);
      submit();
      await waitFor(() =>
        expect(
          submits().some((s) => JSON.stringify(s.answers) === JSON.stringify(story(version))),
        ).toBe(true),
      );
      await waitFor(() =>
        expect(screen.getByRole("button", { name: t.submit }).getAttribute("aria-busy")).toBeNull(),
      );
    }
    lose = false;
    answer("v7");
    submit();
    expect(((await screen.findByLabelText(t.done.tokenLabel)) as HTMLInputElement).value).toBe(
      "TOKEN-KEPT",
    );
    expect(screen.getByText(t.done.earlierTitle)).toBeTruthy();
  });

  it("sends nothing more once the runner is gone", async () => {
    const stored = serveSubmissions(1);
    const view = renderIntl(<SurveySteps survey={survey} />, "en");
    answer("Sent first");
    submit();
    await screen.findByRole("alert");
    // The refusal of the changed answers comes late; the participant leaves meanwhile.
    server().on(SUBMIT, () => ({
      status: 409,
      body: { error: { code: 28, message: "other answers" } },
      delayMs: 200,
    }));
    answer("Changed");
    submit();
    await waitFor(() => expect(submits()).toHaveLength(2));
    view.unmount();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(submits()).toHaveLength(2);
    expect(stored.size).toBe(1);
  });

  it("says nothing of earlier answers when the answers sent last are the ones stored", async () => {
    serveSubmissions(1);
    renderIntl(<SurveySteps survey={survey} />, "en");
    answer("Only version");
    submit();
    await screen.findByRole("alert");
    submit();
    expect(await screen.findByLabelText(t.done.tokenLabel)).toBeTruthy();
    expect(screen.queryByText(t.done.earlierTitle)).toBeNull();
    expect(submits()).toHaveLength(2);
  });

  it("still says so (code 28) when none of the answers sent under the id is the one stored", async () => {
    const stored = serveSubmissions(0);
    renderIntl(<SurveySteps survey={survey} />, "en");
    answer("Mine");
    // Another set is stored under the id (as if sent from a copy of this tab).
    await waitFor(() =>
      expect(JSON.parse(sessionStorage.getItem(key)!).submission_id).toBeTruthy(),
    );
    const id = JSON.parse(sessionStorage.getItem(key)!).submission_id as string;
    stored.set(id, JSON.stringify(story("Someone else's")));
    submit();
    expect(await screen.findByText(messagesOf.en.errors.codes["28"])).toBeTruthy();
    expect(submits()).toHaveLength(1);
  });
});

describe("the answers remembered under one submission id", () => {
  it("keeps the latest last, without repeats, and only the last few", () => {
    const a = story("a");
    const b = story("b");
    expect(withSent([], a)).toEqual([a]);
    expect(withSent([a, b], a)).toEqual([b, a]);
    const many = ["1", "2", "3", "4", "5", "6", "7"].reduce<Answer[][]>(
      (s, x) => withSent(s, story(x)),
      [],
    );
    expect(many).toHaveLength(MAX_SENT_UNDER_ID);
    expect(many.at(-1)).toEqual(story("7"));
    expect(many[0]).toEqual(story(String(8 - MAX_SENT_UNDER_ID)));
  });
});
