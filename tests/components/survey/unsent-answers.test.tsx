import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { QuickExitLink } from "@/components/public/quick-exit-link";
import { keptAnswersKey } from "@/components/survey/kept-answers";
import { SurveySteps } from "@/components/survey/survey-steps";
import type { PublicSurvey } from "@/lib/surveys/types.shared";
import { startApiTestServer, type ApiTestServer } from "../../support/api-test-server";
import { resetLeaving, runQuickExitScript } from "../../support/quick-exit";
import { appLink, asksBeforeUnload } from "../../support/leaving";
import { browseTo, messagesOf, renderIntl } from "../../support/render-intl";

const t = messagesOf.en.survey;
const UUID = "5d1c2b3a-4e5f-4a6b-9c7d-8e9f0a1b2c3d";
const key = keptAnswersKey(UUID, false);

const survey: PublicSurvey = {
  study_id: 1,
  survey_uuid: UUID,
  study_name: "Unsent study",
  version: 1,
  steps: [
    {
      order: 0,
      blocks: [
        {
          type: "open_question",
          data_name: "story",
          order: 0,
          question_text: "What happened?",
          is_required: true,
        },
      ],
    },
  ],
};

const story = () => screen.getByRole("textbox", { name: /What happened/ });

let server: ApiTestServer;
beforeAll(async () => {
  server = await startApiTestServer();
  runQuickExitScript();
});
afterAll(() => server.close());
beforeEach(() => {
  sessionStorage.clear();
  resetLeaving();
  browseTo(server.origin);
});
afterEach(() => vi.restoreAllMocks());

/** A link elsewhere on the site (the footer's privacy page). */
const siteLink = () => appLink("/privacy", "Privacy");

/** From now on the tab's storage is full: it reads and removes, and refuses every write. */
function fillStorage(): void {
  const real = window.sessionStorage;
  const full = {
    getItem: (k: string) => real.getItem(k),
    removeItem: (k: string) => real.removeItem(k),
    clear: () => real.clear(),
    key: (i: number) => real.key(i),
    get length() {
      return real.length;
    },
    setItem: () => {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    },
  };
  vi.spyOn(window, "sessionStorage", "get").mockReturnValue(full as Storage);
}

describe("leaving a survey with answers not sent", () => {
  it("follows a link at once while nothing is answered", async () => {
    const { link, followed, remove } = siteLink();
    try {
      renderIntl(<SurveySteps survey={survey} />, "en");
      act(() => link.click());
      expect(followed).toEqual(["/privacy"]);
      expect(screen.queryByRole("dialog")).toBeNull();
    } finally {
      remove();
    }
  });

  it("asks before a link within the site takes the answers away; staying keeps them", async () => {
    const { link, followed, remove } = siteLink();
    try {
      renderIntl(<SurveySteps survey={survey} />, "en");
      fireEvent.change(story(), { target: { value: "Not sent yet" } });
      act(() => link.click());
      const dialog = await screen.findByRole("dialog", { name: t.unsent.leaveTitle });
      expect(followed).toEqual([]);
      fireEvent.click(within(dialog).getByRole("button", { name: t.unsent.stay }));
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
      expect((story() as HTMLTextAreaElement).value).toBe("Not sent yet");
      expect(followed).toEqual([]);

      act(() => link.click());
      const again = await screen.findByRole("dialog", { name: t.unsent.leaveTitle });
      fireEvent.click(within(again).getByRole("button", { name: t.unsent.leave }));
      await waitFor(() => expect(followed).toEqual(["/privacy"]));
    } finally {
      remove();
    }
  });

  it("lets a reload go without a question while the tab keeps the answers", async () => {
    renderIntl(<SurveySteps survey={survey} />, "en");
    fireEvent.change(story(), { target: { value: "Kept in the tab" } });
    await waitFor(() => expect(sessionStorage.getItem(key)).not.toBeNull());
    expect(asksBeforeUnload()).toBe(false);
  });

  it("asks before a reload where the tab's storage refused them, and removes the older record", async () => {
    renderIntl(<SurveySteps survey={survey} />, "en");
    fireEvent.change(story(), { target: { value: "First" } });
    await waitFor(() => expect(sessionStorage.getItem(key)).toContain("First"));
    // The storage fills up: the newer answers cannot be kept, and the older ones must not come
    // back after a reload in their place.
    fillStorage();
    fireEvent.change(story(), { target: { value: "First, then more" } });
    await waitFor(() => expect(sessionStorage.getItem(key)).toBeNull());
    expect(asksBeforeUnload()).toBe(true);
  });

  it("keeps the answers and their submission id when the page is left while they are on their way", async () => {
    let answer: (() => void) | undefined;
    let sent: { submission_id: string } | undefined;
    server.on(`POST /api/survey/${UUID}/submit`, (request) => {
      sent = request.body as { submission_id: string };
      return new Promise((resolve) => {
        answer = () => resolve({ status: 200, body: { token: "STORED-WHILE-AWAY" } });
      });
    });
    const view = renderIntl(<SurveySteps survey={survey} />, "en");
    fireEvent.change(story(), { target: { value: "Sent as the page was left" } });
    await waitFor(() => expect(sessionStorage.getItem(key)).not.toBeNull());
    const kept = JSON.parse(sessionStorage.getItem(key)!) as { submission_id: string };
    fireEvent.click(screen.getByRole("button", { name: t.submit }));
    await waitFor(() => expect(answer).toBeDefined());
    expect(sent?.submission_id).toBe(kept.submission_id);

    // The participant leaves; the answers are stored after that.
    view.unmount();
    answer!();
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Back brings them back with the same id: submitted again, they get the stored one's token.
    const after = JSON.parse(sessionStorage.getItem(key)!) as {
      submission_id: string;
      answers: Record<string, { open_answer: string }>;
    };
    expect(after.submission_id).toBe(kept.submission_id);
    expect(Object.values(after.answers)[0].open_answer).toBe("Sent as the page was left");
  });

  it("never holds up the quick exit", async () => {
    fillStorage();
    renderIntl(
      <>
        <QuickExitLink url={`${server.origin}/neutral`} label="Quick exit" hint="Leave now" />
        <SurveySteps survey={survey} />
      </>,
      "en",
    );
    fireEvent.change(story(), { target: { value: "Must not hold anything up" } });
    act(() => screen.getByRole("link", { name: "Quick exit" }).click());
    expect(asksBeforeUnload()).toBe(false);
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
