import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { QuickExitLink } from "@/components/public/quick-exit-link";
import { keptAnswersKey } from "@/components/survey/kept-answers";
import { SurveySteps } from "@/components/survey/survey-steps";
import { questionFingerprint } from "@/lib/surveys/question-fingerprint.shared";
import type { Step } from "@/lib/surveys/schema.shared";
import type { PublicSurvey } from "@/lib/surveys/types.shared";
import { startApiTestServer, type ApiTestServer } from "../../support/api-test-server";
import { resetLeaving, runQuickExitScript } from "../../support/quick-exit";
import { browseTo, messagesOf, renderIntl } from "../../support/render-intl";

const t = messagesOf.en.survey;
const UUID = "0b6f4c1e-2a3d-4e5f-8a9b-1c2d3e4f5a6b";
const key = keptAnswersKey(UUID, false);
const previewKey = keptAnswersKey(UUID, true);

function steps(): Step[] {
  return [
    {
      order: 0,
      blocks: [
        { type: "text", data_name: "", order: 0, content: "<p>Welcome</p>" },
        {
          type: "open_question",
          data_name: "story",
          order: 1,
          question_text: "What happened?",
          is_required: true,
        },
        {
          type: "scale",
          is_required: true,
          data_name: "impact",
          order: 2,
          question_text: "How big was the impact?",
          min_value: 1,
          max_value: 5,
          min_label: "",
          max_label: "",
        },
      ],
    },
    {
      order: 1,
      blocks: [
        {
          type: "multiple_choice",
          is_required: true,
          data_name: "place",
          order: 0,
          question_text: "Where?",
          allow_multiple: false,
          options: [
            { order: 0, text: "Home" },
            { order: 1, text: "Work" },
          ],
        },
      ],
    },
  ];
}

function survey(o: Partial<PublicSurvey> = {}): PublicSurvey {
  return {
    study_id: 1,
    survey_uuid: UUID,
    study_name: "Kept study",
    version: 1000,
    steps: steps(),
    ...o,
  };
}

const story = () => screen.getByRole("textbox", { name: /What happened/ });
const scaleValue = (v: string) => screen.getByRole("radio", { name: v });
const stored = (k = key) => sessionStorage.getItem(k);

/** A reload, as far as the runner can tell: everything unmounted, then the page built again. */
function reload(ui: React.ReactElement, view: { unmount: () => void }) {
  view.unmount();
  return renderIntl(ui, "en");
}

let server: ApiTestServer;
beforeAll(async () => {
  server = await startApiTestServer();
  browseTo(server.origin);
  runQuickExitScript();
});
afterAll(() => server.close());
beforeEach(() => {
  sessionStorage.clear();
  // The quick-exit test blanks the page on its way out.
  resetLeaving();
  browseTo(server.origin);
});

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("the runner keeps answers in progress in the tab", () => {
  it("stores answers under this survey's key, tagged with its version, and restores them with the step", async () => {
    const view = renderIntl(<SurveySteps survey={survey()} />, "en");
    // Nothing answered: nothing of the survey in the tab.
    expect(stored()).toBeNull();
    fireEvent.change(story(), { target: { value: "Something private" } });
    fireEvent.click(scaleValue("4"));
    fireEvent.click(screen.getByRole("button", { name: t.next }));
    await screen.findByRole("radiogroup", { name: /Where/ });

    const kept = JSON.parse(stored()!);
    expect(kept).toEqual({
      version: 1000,
      step: 1,
      answers: {
        "0.1": { type: "open_question", data_name: "story", open_answer: "Something private" },
        "0.2": { type: "scale", data_name: "impact", scale_value: 4 },
      },
      // What each question asked, to recognise it after an edit of the survey.
      asked: { "0.1": expect.any(String), "0.2": expect.any(String) },
      // The questions on screen so far (this step's too): after an edit, one not among them
      // takes the participant back to it.
      seen: { story: expect.any(String), impact: expect.any(String), place: expect.any(String) },
      submission_id: expect.stringMatching(UUID_V4),
    });
    // Only this survey's key was written.
    expect(Object.keys(sessionStorage)).toEqual([key]);

    reload(<SurveySteps survey={survey()} />, view);
    expect(await screen.findByText(t.restored.title)).toBeTruthy();
    // Back on the step where the participant was.
    expect(screen.getByRole("radiogroup", { name: /Where/ })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: t.previous }));
    expect((story() as HTMLTextAreaElement).value).toBe("Something private");
    expect((scaleValue("4") as HTMLInputElement).checked).toBe(true);
  });

  it("after an edit keeps only answers to questions still asked the same, at their new places, and says so", async () => {
    const view = renderIntl(<SurveySteps survey={survey()} />, "en");
    fireEvent.change(story(), { target: { value: "Old answer" } });
    fireEvent.click(scaleValue("4"));
    fireEvent.click(screen.getByRole("button", { name: t.next }));
    fireEvent.click(await screen.findByRole("radio", { name: "Work" }));
    await waitFor(() => expect(JSON.parse(stored()!).answers["1.0"]).toBeTruthy());

    // Edited: "What happened?" reworded, "Where?" given another option (its old answer would
    // now mean something else), and the scale moved to the front of the first step, unchanged.
    const [first, second] = steps();
    const [welcome, storyBlock, impact] = first.blocks;
    if (storyBlock.type !== "open_question") throw new Error("the second block asks the story");
    const edited: Step[] = [
      {
        ...first,
        blocks: [
          { ...impact, order: 0 },
          { ...welcome, order: 1 },
          { ...storyBlock, order: 2, question_text: "What happened, in your words?" },
        ],
      },
      {
        ...second,
        blocks: second.blocks.map((b) =>
          b.type === "multiple_choice"
            ? { ...b, options: [...b.options, { order: 2, text: "Online" }] }
            : b,
        ),
      },
    ];
    reload(<SurveySteps survey={survey({ version: 2000, steps: edited })} />, view);
    expect(await screen.findByText(t.restored.changedDetail)).toBeTruthy();
    // Back on the first step, where the reworded required question is empty again.
    expect((story() as HTMLTextAreaElement).value).toBe("");
    expect((scaleValue("4") as HTMLInputElement).checked).toBe(true);
    await waitFor(() =>
      expect(JSON.parse(stored()!)).toMatchObject({
        version: 2000,
        answers: { "0.0": { type: "scale", data_name: "impact", scale_value: 4 } },
      }),
    );
    expect(Object.keys(JSON.parse(stored()!).answers)).toEqual(["0.0"]);
  });

  it("drops answers kept for another version when they carry nothing to recognise them by", async () => {
    sessionStorage.setItem(
      key,
      JSON.stringify({
        version: 1000,
        step: 0,
        answers: { "0.2": { type: "scale", data_name: "impact", scale_value: 2 } },
      }),
    );
    renderIntl(<SurveySteps survey={survey({ version: 2000 })} />, "en");
    expect((scaleValue("2") as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByText(t.restored.title)).toBeNull();
    expect(stored()).toBeNull();
  });

  it("goes back only for an answer the path needs: a required question hidden by its condition needs none", async () => {
    const [first, second] = steps();
    // "What happened?" is asked only after a big impact; this participant chose 2.
    const story = first.blocks[1];
    const branching: Step[] = [
      {
        ...first,
        blocks: [
          first.blocks[0],
          { ...first.blocks[2], order: 1 },
          { ...story, order: 2, visible_if: { data_name: "impact", op: "gte", value: 4 } },
        ],
      },
      second,
    ];
    sessionStorage.setItem(
      key,
      JSON.stringify({
        version: 1000,
        step: 1,
        answers: { "0.1": { type: "scale", data_name: "impact", scale_value: 2 } },
      }),
    );
    renderIntl(<SurveySteps survey={survey({ steps: branching })} />, "en");
    await screen.findByText(t.restored.title);
    // Back on the second step, where the participant was: nothing on the first is missing.
    expect(screen.getByRole("radio", { name: "Home" })).toBeTruthy();
    expect(screen.queryByRole("radio", { name: "2" })).toBeNull();
  });

  it("drops an answer whose question is gone or changed, and keeps the others", async () => {
    sessionStorage.setItem(
      key,
      JSON.stringify({
        version: 1000,
        step: 1,
        answers: {
          // The block at 0.1 is now called "story": an answer for "account" no longer belongs.
          "0.1": { type: "open_question", data_name: "account", open_answer: "Orphan" },
          "0.2": { type: "scale", data_name: "impact", scale_value: 2 },
          // An option the question does not offer, and a block that does not exist.
          "1.0": { type: "multiple_choice", data_name: "place", selected_options: ["School"] },
          "4.0": { type: "scale", data_name: "impact", scale_value: 3 },
        },
      }),
    );
    renderIntl(<SurveySteps survey={survey()} />, "en");
    await screen.findByText(t.restored.title);
    // Step 1 lacks its required answer now, so the runner goes back there rather than to step 2.
    expect((story() as HTMLTextAreaElement).value).toBe("");
    expect((scaleValue("2") as HTMLInputElement).checked).toBe(true);
    await waitFor(() =>
      expect(JSON.parse(stored()!).answers).toEqual({
        "0.2": { type: "scale", data_name: "impact", scale_value: 2 },
      }),
    );
  });

  it("ignores and removes whatever is not a kept survey", async () => {
    for (const junk of ["{not json", "null", '{"version":1000,"step":-1,"answers":{}}', "[]"]) {
      sessionStorage.setItem(key, junk);
      const view = renderIntl(<SurveySteps survey={survey()} />, "en");
      expect(screen.queryByText(t.restored.title), junk).toBeNull();
      expect(stored(), junk).toBeNull();
      view.unmount();
    }
  });

  it("starts again with empty answers on request, leaving nothing in the tab", async () => {
    const view = renderIntl(<SurveySteps survey={survey()} />, "en");
    fireEvent.change(story(), { target: { value: "To be forgotten" } });
    reload(<SurveySteps survey={survey()} />, view);
    fireEvent.click(await screen.findByRole("button", { name: t.restored.startAgain }));
    expect((story() as HTMLTextAreaElement).value).toBe("");
    expect(screen.queryByText(t.restored.title)).toBeNull();
    expect(stored()).toBeNull();
  });

  it("wipes the answers when they are submitted, before the token is shown", async () => {
    server.on(`POST /api/survey/${UUID}/submit`, { status: 200, body: { token: "TOKEN2345" } });
    renderIntl(<SurveySteps survey={survey()} />, "en");
    fireEvent.change(story(), { target: { value: "Sent" } });
    fireEvent.click(scaleValue("3"));
    fireEvent.click(screen.getByRole("button", { name: t.next }));
    fireEvent.click(await screen.findByRole("radio", { name: "Work" }));
    await waitFor(() => expect(JSON.parse(stored()!).answers["1.0"]).toBeTruthy());
    fireEvent.click(screen.getByRole("button", { name: t.submit }));
    expect(await screen.findByDisplayValue("TOKEN2345")).toBeTruthy();
    expect(sessionStorage.length).toBe(0);
    const sent = server.requests.find((r) => r.path === `/api/survey/${UUID}/submit`);
    expect(sent?.body).toEqual({
      answers: [
        { type: "open_question", data_name: "story", open_answer: "Sent" },
        { type: "scale", data_name: "impact", scale_value: 3 },
        { type: "multiple_choice", data_name: "place", selected_options: ["Work"] },
      ],
      submission_id: expect.stringMatching(UUID_V4),
      // What each answer's question asked, so a question reworded since is not stored under
      // its new words: the same fingerprints the answers are kept with in the tab.
      asked: [
        questionFingerprint(steps()[0].blocks[1]),
        questionFingerprint(steps()[0].blocks[2]),
        questionFingerprint(steps()[1].blocks[0]),
      ],
      // The questions it showed, so answers to a survey changed since are not stored as if
      // its new questions had been seen.
      shown: expect.arrayContaining(["story", "impact", "place"]),
    });
  });

  it("sends a retry after a reload with the submission id kept beside the answers", async () => {
    // A failure the runner does not retry by itself (503 is retried: submit-retry.test.tsx).
    server.on(`POST /api/survey/${UUID}/submit`, {
      status: 500,
      body: { error: { code: 13, message: "An unknown error occurred" } },
    });
    const view = renderIntl(<SurveySteps survey={survey({ steps: [steps()[1]] })} />, "en");
    fireEvent.click(screen.getByRole("radio", { name: "Home" }));
    fireEvent.click(screen.getByRole("button", { name: t.submit }));
    await screen.findByText(messagesOf.en.errors.codes["13"]);
    const first = server.requests.filter((r) => r.path === `/api/survey/${UUID}/submit`).at(-1);
    const id = (first?.body as { submission_id: string }).submission_id;
    expect(id).toMatch(UUID_V4);
    expect(JSON.parse(stored()!).submission_id).toBe(id);

    server.on(`POST /api/survey/${UUID}/submit`, { status: 200, body: { token: "TOKEN6789" } });
    reload(<SurveySteps survey={survey({ steps: [steps()[1]] })} />, view);
    await screen.findByText(t.restored.title);
    fireEvent.click(screen.getByRole("button", { name: t.submit }));
    expect(await screen.findByDisplayValue("TOKEN6789")).toBeTruthy();
    const retry = server.requests.filter((r) => r.path === `/api/survey/${UUID}/submit`).at(-1);
    expect((retry?.body as { submission_id: string }).submission_id).toBe(id);
    // Forgotten with the answers once the token is shown.
    expect(sessionStorage.length).toBe(0);
  });

  it("keeps the answers when a submission fails, so nothing is lost", async () => {
    // A failure the runner does not retry by itself (503 is retried: submit-retry.test.tsx).
    server.on(`POST /api/survey/${UUID}/submit`, {
      status: 500,
      body: { error: { code: 13, message: "An unknown error occurred" } },
    });
    renderIntl(<SurveySteps survey={survey({ steps: [steps()[1]] })} />, "en");
    fireEvent.click(screen.getByRole("radio", { name: "Home" }));
    fireEvent.click(screen.getByRole("button", { name: t.submit }));
    await screen.findByText(messagesOf.en.errors.codes["13"]);
    expect(JSON.parse(stored()!).answers["0.0"].selected_options).toEqual(["Home"]);
  });

  it("is wiped from the tab by the quick-exit control", async () => {
    renderIntl(
      <>
        <QuickExitLink url={`${server.origin}/neutral`} label="Quick exit" hint="Leave now" />
        <SurveySteps survey={survey()} />
      </>,
      "en",
    );
    fireEvent.change(story(), { target: { value: "Must vanish" } });
    await waitFor(() => expect(stored()).not.toBeNull());
    sessionStorage.setItem(previewKey, "{}");
    act(() => screen.getByRole("link", { name: "Quick exit" }).click());
    expect(sessionStorage.length).toBe(0);
    // The page lives on until the neutral site answers: an answer given now is not kept again.
    // (Shown again only so the field can be found by its role; the page is still leaving.)
    document.documentElement.style.visibility = "";
    fireEvent.change(story(), { target: { value: "Typed while leaving" } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sessionStorage.length).toBe(0);
  });
});

describe("the staff preview in the runner", () => {
  it("shows the banner, checks every step, ends on the preview screen and never submits", async () => {
    const before = server.requests.length;
    renderIntl(<SurveySteps survey={survey({ preview: true })} />, "en");
    expect(screen.getByText(t.preview.banner)).toBeTruthy();
    expect(screen.queryByRole("button", { name: t.submit })).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: t.next }));
    expect(await screen.findByText(t.problems.fillInRequired)).toBeTruthy();
    fireEvent.change(story(), { target: { value: "Trying it out" } });
    fireEvent.click(scaleValue("1"));
    // A preview keeps its answers apart from a real participant's in the same tab.
    await waitFor(() => expect(stored(previewKey)).not.toBeNull());
    expect(stored()).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: t.next }));

    fireEvent.click(await screen.findByRole("button", { name: t.preview.finish }));
    expect(await screen.findByText(t.problems.select_option)).toBeTruthy();
    fireEvent.click(screen.getByRole("radio", { name: "Home" }));
    fireEvent.click(screen.getByRole("button", { name: t.preview.finish }));

    expect(await screen.findByRole("heading", { name: t.preview.doneTitle })).toBeTruthy();
    expect(screen.getByText(t.preview.banner)).toBeTruthy();
    expect(server.requests.length).toBe(before);
    expect(sessionStorage.length).toBe(0);

    fireEvent.click(screen.getByRole("button", { name: t.preview.again }));
    expect((story() as HTMLTextAreaElement).value).toBe("");
  });
});
