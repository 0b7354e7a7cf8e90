import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { SurveyRunner } from "@/components/survey/survey-runner";
import type { Block } from "@/lib/surveys/schema.shared";
import type { PublicSurvey } from "@/lib/surveys/types.shared";
import { messagesOf, renderIntl } from "../../support/render-intl";
import { setUpRunnerServer, storySurvey } from "../../support/survey-runner";

const t = messagesOf.en.survey;
const UUID = "0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e";
const GET = `GET /api/survey/${UUID}`;
const SUBMIT = `POST /api/survey/${UUID}/submit`;
const refused = {
  status: 400,
  body: {
    error: { code: 22, message: "Invalid input", fields: { "steps.0.blocks.1": "Required" } },
  },
};

const before = storySurvey(UUID, "Changed study");
/** Staff added a required question "Where?" beside the story while the survey was answered. */
const after: PublicSurvey = {
  ...before,
  version: 2,
  steps: [
    {
      order: 0,
      blocks: [
        ...before.steps[0].blocks,
        {
          type: "open_question",
          data_name: "where",
          order: 1,
          question_text: "Where?",
          is_required: true,
        },
      ],
    },
  ],
};

const server = setUpRunnerServer();
const submits = () => server().requests.filter((r) => `${r.method} ${r.path}` === SUBMIT);

async function answerStoryAndSubmit() {
  renderIntl(<SurveyRunner surveyUuid={UUID} preview={false} />, "en");
  fireEvent.change(await screen.findByRole("textbox", { name: /What happened/ }), {
    target: { value: "Kept across the change" },
  });
  fireEvent.click(screen.getByRole("button", { name: t.submit }));
}

describe("a survey staff change while it is answered", () => {
  it("comes back in its new form with the answers that still fit, says so, and is sent again", async () => {
    server().on(GET, { status: 200, body: before });
    server().on(SUBMIT, () => {
      server().on(GET, { status: 200, body: after });
      server().on(SUBMIT, { status: 200, body: { token: "TOKEN2222" } });
      return refused;
    });
    await answerStoryAndSubmit();

    const notice = await screen.findByText(t.changedWhileAnswering.title);
    const holder = notice.closest("[tabindex='-1']");
    await waitFor(() => expect(document.activeElement).toBe(holder));
    expect(within(holder as HTMLElement).getByText(t.changedWhileAnswering.detail)).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(
      (screen.getByRole("textbox", { name: /What happened/ }) as HTMLTextAreaElement).value,
    ).toBe("Kept across the change");
    fireEvent.change(screen.getByRole("textbox", { name: /Where/ }), {
      target: { value: "At home" },
    });
    fireEvent.click(screen.getByRole("button", { name: t.submit }));

    expect(await screen.findByDisplayValue("TOKEN2222")).toBeTruthy();
    const [first, second] = submits().map(
      (r) => r.body as { submission_id: string; answers: { data_name: string }[] },
    );
    expect(second.submission_id).toBe(first.submission_id);
    expect(second.answers.map((a) => a.data_name)).toEqual(["story", "where"]);
  });

  it("carries the answers across in memory where the tab's storage is refused", async () => {
    // Storage refused (privacy settings, a sandboxed frame): nothing is kept in the tab.
    const refuse = vi.spyOn(window, "sessionStorage", "get").mockImplementation(() => {
      throw new DOMException("refused", "SecurityError");
    });
    try {
      server().on(GET, { status: 200, body: before });
      server().on(SUBMIT, () => {
        server().on(GET, { status: 200, body: after });
        return refused;
      });
      await answerStoryAndSubmit();
      await screen.findByText(t.changedWhileAnswering.title);
      expect(
        (screen.getByRole("textbox", { name: /What happened/ }) as HTMLTextAreaElement).value,
      ).toBe("Kept across the change");
    } finally {
      refuse.mockRestore();
    }
  });

  /** Step 0 with `first`, step 1 with an optional question; version 2 with `changedFirst`. */
  function twoStepSurveys(first: Block[], changedFirst: Block[], token = "TOKEN4444") {
    const second = {
      order: 1,
      blocks: [
        {
          type: "open_question" as const,
          data_name: "remarks",
          order: 0,
          question_text: "Anything else?",
          is_required: false,
        },
      ],
    };
    const v1: PublicSurvey = { ...before, steps: [{ order: 0, blocks: first }, second] };
    const v2: PublicSurvey = {
      ...v1,
      version: 2,
      steps: [{ order: 0, blocks: changedFirst }, second],
    };
    server().on(GET, { status: 200, body: v1 });
    server().on(SUBMIT, () => {
      server().on(GET, { status: 200, body: v2 });
      server().on(SUBMIT, { status: 200, body: { token } });
      return {
        status: 400,
        body: { error: { code: 22, message: "Invalid input", fields: { shown: "Changed" } } },
      };
    });
  }
  const place = (text: string): Block => ({
    type: "open_question",
    data_name: "place",
    order: 1,
    question_text: text,
    is_required: false,
  });
  const optionalStory = { ...before.steps[0].blocks[0], is_required: false } as Block;

  it("goes back to a passed step where an optional question was added, so it is seen before it is sent as shown", async () => {
    twoStepSurveys(
      before.steps[0].blocks,
      [...before.steps[0].blocks, place("Where did it happen?")],
      "TOKEN3333",
    );
    renderIntl(<SurveyRunner surveyUuid={UUID} preview={false} />, "en");
    fireEvent.change(await screen.findByRole("textbox", { name: /What happened/ }), {
      target: { value: "Kept across the change" },
    });
    fireEvent.click(screen.getByRole("button", { name: t.next }));
    fireEvent.click(await screen.findByRole("button", { name: t.submit }));

    // Back on the first step, where the new question is, with the answer kept.
    await screen.findByText(t.changedWhileAnswering.title);
    expect(await screen.findByRole("textbox", { name: /Where did it happen/ })).toBeTruthy();
    expect(
      (screen.getByRole("textbox", { name: /What happened/ }) as HTMLTextAreaElement).value,
    ).toBe("Kept across the change");
    fireEvent.click(screen.getByRole("button", { name: t.next }));
    fireEvent.click(await screen.findByRole("button", { name: t.submit }));
    expect(await screen.findByDisplayValue("TOKEN3333")).toBeTruthy();
    expect(submits()).toHaveLength(2);
  });

  it("counts a question reworded on a passed step as unseen: back to it, its old answer gone", async () => {
    twoStepSurveys(
      [before.steps[0].blocks[0], place("Where?")],
      [before.steps[0].blocks[0], place("Where did it happen, if you want to say?")],
    );
    renderIntl(<SurveyRunner surveyUuid={UUID} preview={false} />, "en");
    fireEvent.change(await screen.findByRole("textbox", { name: /What happened/ }), {
      target: { value: "Kept across the change" },
    });
    fireEvent.change(screen.getByRole("textbox", { name: /Where\?/ }), {
      target: { value: "At home" },
    });
    fireEvent.click(screen.getByRole("button", { name: t.next }));
    fireEvent.click(await screen.findByRole("button", { name: t.submit }));

    await screen.findByText(t.changedWhileAnswering.title);
    const reworded = await screen.findByRole("textbox", { name: /Where did it happen/ });
    expect((reworded as HTMLTextAreaElement).value).toBe("");
  });

  it("goes back to a question added on a passed step after an empty submission too", async () => {
    twoStepSurveys([optionalStory], [optionalStory, place("Where did it happen?")]);
    renderIntl(<SurveyRunner surveyUuid={UUID} preview={false} />, "en");
    fireEvent.click(await screen.findByRole("button", { name: t.next }));
    fireEvent.click(await screen.findByRole("button", { name: t.submit }));

    await screen.findByText(t.changedWhileAnswering.title);
    expect(await screen.findByRole("textbox", { name: /Where did it happen/ })).toBeTruthy();
  });

  it("shows the refusal as it is when the survey did not change", async () => {
    server().on(GET, { status: 200, body: before });
    server().on(SUBMIT, refused);
    await answerStoryAndSubmit();
    expect(await screen.findByRole("alert")).toBeTruthy();
    expect(screen.queryByText(t.changedWhileAnswering.title)).toBeNull();
    expect(submits()).toHaveLength(1);
  });

  it("says the study closed when it closed meanwhile as well, not that the answers are invalid", async () => {
    server().on(GET, { status: 200, body: before });
    server().on(SUBMIT, () => {
      server().on(GET, {
        status: 409,
        body: { error: { code: 20, message: "The study is not open" } },
      });
      return refused;
    });
    await answerStoryAndSubmit();
    expect(await screen.findByText(t.closedWhileAnswering)).toBeTruthy();
    expect(screen.getByText(messagesOf.en.errors.codes["20"])).toBeTruthy();
    expect(screen.queryByText(messagesOf.en.errors.codes["22"])).toBeNull();
    expect(submits()).toHaveLength(1);
  });
});
