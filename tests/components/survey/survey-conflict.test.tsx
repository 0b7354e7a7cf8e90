import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { SurveyEditor } from "@/components/admin/survey-editor/survey-editor";
import type { EditorSurvey } from "@/lib/surveys/editor-schemas.shared";
import type { Block, Step } from "@/lib/surveys/schema.shared";
import { type RecordedRequest } from "../../support/api-test-server";
import { setUpApiTestServer } from "../../support/api-test-file";
import { messagesOf, renderIntl } from "../../support/render-intl";

// Two people edit one survey. The other tab's save is played by changing what the server holds.

const t = messagesOf.en.surveyEditor;
const UUID = "5f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f";
const STUDY = 42;
const path = `/api/study/${STUDY}/survey`;

const server = setUpApiTestServer();

const q = (id: string, data_name: string, question_text: string): Block => ({
  id,
  type: "open_question",
  data_name,
  order: 0,
  question_text,
  is_required: false,
});

function loadedSteps(): Step[] {
  return [
    { id: "one", order: 0, blocks: [q("age", "age", "How old are you?")] },
    { id: "two", order: 1, blocks: [q("city", "city", "Where do you live?")] },
  ];
}

let stored: EditorSurvey;
beforeEach(() => {
  stored = {
    study_id: STUDY,
    survey_uuid: UUID,
    steps: loadedSteps(),
    version: 5,
    response_count: 0,
  };
  server().on(`GET ${path}`, () => ({ status: 200, body: stored }));
  server().on(`GET ${path}/version`, () => ({ status: 200, body: { version: stored.version } }));
  server().on(`GET /api/study/${STUDY}`, { status: 200, body: { id: STUDY, name: "Two tabs" } });
  server().on(`PUT ${path}`, (req) => {
    const body = req.body as EditorSurvey;
    if (body.version !== stored.version) {
      return { status: 409, body: { error: { code: 27, message: "changed elsewhere" } } };
    }
    stored = { ...stored, steps: body.steps, version: stored.version + 1 };
    return { status: 200, body: stored };
  });
});

const puts = (): RecordedRequest[] =>
  server().requests.filter((r) => r.method === "PUT" && r.path === path);
const status = () => document.getElementById("survey-save-status")!;

/** The other tab saves: the server now holds `change(steps)` as the next version. */
function savedElsewhere(change: (steps: Step[]) => void) {
  const steps = structuredClone(stored.steps);
  change(steps);
  stored = { ...stored, steps, version: stored.version + 1 };
}

/** Another tab of this browser saves the city question reworded, and says so: this tab is behind. */
async function cityRenamedInAnotherTab() {
  savedElsewhere((steps) => {
    steps[1].blocks[0] = q("city", "city", "Which city?");
  });
  const otherTab = new BroadcastChannel("survey-editor");
  otherTab.postMessage({ study_id: STUDY, version: stored.version });
  otherTab.close();
  await waitFor(() => expect(status().textContent).toBe(t.behind));
}

/** Unsaved edits kept in the tab over a reload, based on version 5: the first question reworded. */
function keptOverReload(questionText: string) {
  const kept = loadedSteps();
  kept[0].blocks[0] = q("age", "age", questionText);
  sessionStorage.setItem(
    `survey-editor-draft:${STUDY}`,
    JSON.stringify({ version: 5, steps: kept, base: loadedSteps() }),
  );
}

async function openEditor() {
  renderIntl(<SurveyEditor studyId={STUDY} />, "en");
  await screen.findByRole("heading", { level: 1, name: "Survey of Two tabs" });
}

function typeQuestion(text: string) {
  fireEvent.change(screen.getByLabelText(t.questionText), { target: { value: text } });
}

const questionTexts = (steps: Step[]) =>
  steps.flatMap((s) => s.blocks.map((b) => (b.type === "text" ? "" : b.question_text)));

describe("the survey editor, when the survey was saved elsewhere", () => {
  it("keeps both sides' edits to different steps and saves them on the newer version, asking nothing", async () => {
    await openEditor();
    savedElsewhere((steps) => {
      steps[1].blocks[0] = q("city", "city", "Which city?");
    });
    typeQuestion("What is your age?");
    await waitFor(() => expect(stored.version).toBe(7));
    expect(questionTexts(stored.steps)).toEqual(["What is your age?", "Which city?"]);
    // The first attempt was refused; the merged survey went on top of version 6.
    expect(puts().map((r) => (r.body as { version: number }).version)).toEqual([5, 6]);
    expect(screen.queryByRole("dialog")).toBeNull();
    await waitFor(() => expect(status().textContent).toBe(messagesOf.en.autosave.saved));
  });

  it("asks only about the block both changed, naming its step and question, and keeps the choice", async () => {
    await openEditor();
    savedElsewhere((steps) => {
      steps[0].blocks[0] = q("age", "age", "Their age question?");
      steps[1].blocks[0] = q("city", "city", "Which city?");
    });
    typeQuestion("My age question?");
    const dialog = await screen.findByRole("dialog", {}, { timeout: 3000 });
    const parts = within(dialog).getAllByRole("group");
    expect(parts).toHaveLength(1);
    // Named as this tab shows it.
    expect(within(parts[0]).getByText("Step 1, question “My age question?”")).toBeTruthy();
    expect(within(parts[0]).getByText(t.conflictBothChanged)).toBeTruthy();
    expect(within(dialog).queryByText(/Which city/)).toBeNull();
    expect(stored.version).toBe(6);

    // Nothing chosen yet: asked to choose.
    fireEvent.click(within(dialog).getByRole("button", { name: t.conflictSave }));
    expect(await within(dialog).findByText(t.conflictChooseEach)).toBeTruthy();
    fireEvent.click(within(parts[0]).getByLabelText(t.conflictMine));
    fireEvent.click(within(dialog).getByRole("button", { name: t.conflictSave }));
    // Saved on top of the version the choice was made on, with the other side's other edit.
    await waitFor(() => expect(stored.version).toBe(7));
    expect((puts().at(-1)!.body as { version: number }).version).toBe(6);
    expect(questionTexts(stored.steps)).toEqual(["My age question?", "Which city?"]);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("takes the other version of a block when chosen, and then has nothing of its own to save", async () => {
    await openEditor();
    savedElsewhere((steps) => {
      steps[0].blocks[0] = q("age", "age", "Their age question?");
    });
    typeQuestion("My age question?");
    const dialog = await screen.findByRole("dialog", {}, { timeout: 3000 });
    fireEvent.click(within(dialog).getByLabelText(t.conflictTheirs));
    fireEvent.click(within(dialog).getByRole("button", { name: t.conflictSave }));
    await waitFor(() =>
      expect((screen.getByLabelText(t.questionText) as HTMLTextAreaElement).value).toBe(
        "Their age question?",
      ),
    );
    await waitFor(() => expect(status().textContent).toBe(messagesOf.en.autosave.saved));
    expect(stored.version).toBe(6);
  });

  it("can drop this tab's edits for the newer survey instead, sending nothing of them", async () => {
    await openEditor();
    savedElsewhere((steps) => {
      steps[0].blocks[0] = q("age", "age", "Their age question?");
    });
    typeQuestion("Mine");
    const dialog = await screen.findByRole("dialog", {}, { timeout: 3000 });
    fireEvent.click(within(dialog).getByRole("button", { name: t.conflictLoad }));
    await waitFor(() =>
      expect((screen.getByLabelText(t.questionText) as HTMLTextAreaElement).value).toBe(
        "Their age question?",
      ),
    );
    const sent = puts().length;
    await new Promise((r) => setTimeout(r, 1200));
    expect(puts()).toHaveLength(sent);
    expect(stored.version).toBe(6);
  });

  it("deletes the block that was asked about, though a merge moved it while the question was open", async () => {
    stored.steps = [
      {
        id: "one",
        order: 0,
        blocks: [q("a", "a", "First?"), q("b", "b", "Second?"), q("c", "c", "Third?")],
      },
    ];
    await openEditor();
    // Elsewhere a block went in at the top: the third block is now the fourth.
    savedElsewhere((steps) => {
      steps[0].blocks.unshift(q("x", "x", "Inserted elsewhere?"));
    });
    fireEvent.change(screen.getAllByLabelText(t.questionText)[0], {
      target: { value: "First, changed here?" },
    });
    fireEvent.click(screen.getByRole("button", { name: "delete block 3" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete block 3?" });
    // The edit's save is refused and merged while the question is open.
    await waitFor(() => expect(stored.version).toBe(7));
    expect(questionTexts(stored.steps)).toEqual([
      "Inserted elsewhere?",
      "First, changed here?",
      "Second?",
      "Third?",
    ]);
    expect(within(dialog).getByRole("heading").textContent).toBe("Delete block 4?");
    fireEvent.click(within(dialog).getByRole("button", { name: t.delete }));
    await waitFor(() => expect(stored.version).toBe(8));
    expect(questionTexts(stored.steps)).toEqual([
      "Inserted elsewhere?",
      "First, changed here?",
      "Second?",
    ]);
  });

  it("drops edits kept over a reload that the last save, sent on leaving, stored after all", async () => {
    keptOverReload("Sent as the page went away?");
    // The keepalive save arrived: the server holds the kept edits as version 6.
    savedElsewhere((steps) => {
      steps[0].blocks[0] = q("age", "age", "Sent as the page went away?");
    });
    await openEditor();
    expect(screen.queryByText(t.conditions.restored)).toBeNull();
    await waitFor(() => expect(sessionStorage.getItem(`survey-editor-draft:${STUDY}`)).toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(puts()).toHaveLength(0);
    expect(status().textContent).toBe(messagesOf.en.autosave.saved);
  });

  it("merges edits kept over a reload with a version saved elsewhere meanwhile", async () => {
    keptOverReload("Kept over the reload?");
    savedElsewhere((steps) => {
      steps[1].blocks[0] = q("city", "city", "Which city?");
    });
    await openEditor();
    await waitFor(() => expect(stored.version).toBe(7));
    expect(questionTexts(stored.steps)).toEqual(["Kept over the reload?", "Which city?"]);
    expect(screen.queryByRole("dialog")).toBeNull();
    await waitFor(() => expect(sessionStorage.getItem(`survey-editor-draft:${STUDY}`)).toBeNull());
  });

  it("says it is behind, instead of 'all changes saved', when another tab announces a save", async () => {
    await openEditor();
    expect(status().textContent).toBe(messagesOf.en.autosave.saved);
    await cityRenamedInAnotherTab();
    // Bringing the changes in: nothing of this tab changed, so nothing is saved.
    fireEvent.click(screen.getByRole("button", { name: t.behindAction }));
    await waitFor(() => expect(status().textContent).toBe(messagesOf.en.autosave.saved));
    expect(screen.getAllByLabelText(t.questionText)).toHaveLength(1);
    expect(puts()).toHaveLength(0);
  });

  it("says so when the changes cannot be brought in, and brings them in once however often pressed", async () => {
    await openEditor();
    await cityRenamedInAnotherTab();
    server().on(`GET ${path}`, {
      status: 503,
      body: { error: { code: 13, message: "Service unavailable" } },
    });
    fireEvent.click(screen.getByRole("button", { name: t.behindAction }));
    expect((await screen.findByRole("alert")).textContent).toBe(t.loadFailed);

    // Readable again, pressed twice in a row: one read, one merge.
    server().on(`GET ${path}`, () => ({ status: 200, body: stored, delayMs: 200 }));
    const reads = () => server().requests.filter((r) => r.method === "GET" && r.path === path);
    const before = reads().length;
    const bringIn = screen.getByRole("button", { name: t.behindAction });
    fireEvent.click(bringIn);
    fireEvent.click(bringIn);
    await waitFor(() => expect(status().textContent).toBe(messagesOf.en.autosave.saved));
    expect(reads().length - before).toBe(1);
    expect(screen.queryByText(t.loadFailed)).toBeNull();
  });

  it("asks the server for the version when the page gets focus, and says it is behind", async () => {
    await openEditor();
    savedElsewhere(() => {});
    await act(async () => {
      window.dispatchEvent(new Event("focus"));
    });
    await waitFor(() => expect(status().textContent).toBe(t.behind));
    expect(server().requests.some((r) => r.path === `${path}/version`)).toBe(true);
  });
});
