import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import axe from "axe-core";
import { beforeEach, describe, expect, it } from "vitest";
import { SurveyEditor } from "@/components/admin/survey-editor/survey-editor";
import type { EditorSurvey } from "@/lib/surveys/editor-schemas.shared";
import { MAX_OPTIONS, MAX_STEPS, MAX_TEXT_CONTENT, type Step } from "@/lib/surveys/schema.shared";
import { type RecordedRequest } from "../../support/api-test-server";
import { setUpApiTestServer } from "../../support/api-test-file";
import { messagesOf, renderIntl } from "../../support/render-intl";

const t = messagesOf.en.surveyEditor;
const UUID = "5f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f";
const STUDY = 41;
const path = `/api/study/${STUDY}/survey`;

const server = setUpApiTestServer();

function survey(o: Partial<EditorSurvey> = {}): EditorSurvey {
  return { study_id: STUDY, survey_uuid: UUID, steps: [], version: 3, response_count: 0, ...o };
}

/** The server's survey: GET answers it, an accepted PUT replaces it with a version one higher. */
let stored: EditorSurvey;
beforeEach(() => {
  // Edits a test left unsaved are kept in the tab for a reload; every test starts afresh.
  window.sessionStorage.clear();
  stored = survey();
  server().on(`GET ${path}`, () => ({ status: 200, body: stored }));
  server().on(`GET /api/study/${STUDY}`, {
    status: 200,
    body: { id: STUDY, name: "Safety study" },
  });
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
const lastSteps = () => (puts().at(-1)!.body as { steps: Step[] }).steps;
const saved = () => screen.findByText(messagesOf.en.autosave.saved, {}, { timeout: 3000 });
const block = (n: number) =>
  screen.getByRole("region", {
    name: new RegExp(`^${t.blockLabel.replace("{number}", `${n}`)}\\s?:`),
  });

async function openEditor(initial?: Partial<EditorSurvey>) {
  if (initial) stored = survey(initial);
  renderIntl(<SurveyEditor studyId={STUDY} />, "en");
  await screen.findByRole("heading", { level: 1, name: "Survey of Safety study" });
}

/** One step with one multiple-choice question "Where?" offering `options`. */
function whereQuestion(options: { order: number; text: string }[]) {
  return {
    steps: [
      {
        order: 0,
        blocks: [
          {
            type: "multiple_choice" as const,
            is_required: true,
            data_name: "where",
            order: 0,
            question_text: "Where?",
            allow_multiple: false,
            options,
          },
        ],
      },
    ],
  };
}

describe("the survey editor", () => {
  it("says 'failed to load survey' when the survey cannot be loaded, and tries again", async () => {
    server().on(`GET ${path}`, {
      status: 404,
      body: { error: { code: 14, message: "Model not found" } },
    });
    renderIntl(<SurveyEditor studyId={STUDY} />, "en");
    expect((await screen.findByRole("alert")).textContent).toContain(t.loadFailed);
    server().on(`GET ${path}`, () => ({ status: 200, body: stored }));
    fireEvent.click(screen.getByRole("button", { name: t.retry }));
    expect(await screen.findByText(t.noSteps)).toBeTruthy();
  });

  it("saves each change with the version it is based on, numbered and without the page's keys", async () => {
    await openEditor();
    fireEvent.click(screen.getByRole("button", { name: t.addStep }));
    fireEvent.click(screen.getByRole("button", { name: t.addBlock }));
    await saved();
    expect(puts()).toHaveLength(1);
    expect(puts()[0].body).toEqual({
      study_id: STUDY,
      survey_uuid: UUID,
      version: 3,
      steps: [
        {
          // Ids of their own, so a survey saved in two places can be merged block by block.
          id: expect.stringMatching(/^[0-9a-f]{32}$/),
          order: 0,
          blocks: [
            {
              id: expect.stringMatching(/^[0-9a-f]{32}$/),
              type: "open_question",
              data_name: "question_1",
              order: 0,
              question_text: "",
              is_required: false,
            },
          ],
        },
      ],
    });

    // The next save is based on the version the first one produced.
    fireEvent.change(within(block(1)).getByLabelText(t.questionText), {
      target: { value: "How old were you?" },
    });
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect((puts()[1].body as { version: number }).version).toBe(4);
    // The data name suggestion comes from the question text.
    const suggestion = within(block(1)).getByRole("button", {
      name: t.suggest.replace("{name}", "how_old_were_you"),
    });
    suggestion.focus();
    fireEvent.click(suggestion);
    await waitFor(() => expect(lastSteps()[0].blocks[0].data_name).toBe("how_old_were_you"));
    // The suggestion's button is gone: the field it filled has the focus.
    expect(document.activeElement).toBe(within(block(1)).getByLabelText(t.dataName));
  });

  it("changes a block's type to that type's defaults, keeping data name and order", async () => {
    await openEditor({
      steps: [
        {
          order: 0,
          blocks: [
            {
              type: "open_question",
              data_name: "age",
              order: 0,
              question_text: "Age?",
              is_required: true,
            },
          ],
        },
      ],
    });
    fireEvent.change(within(block(1)).getByLabelText(t.blockType), {
      target: { value: "scale" },
    });
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(lastSteps()[0].blocks[0]).toEqual({
      // The block stays the same block: its id goes with it.
      id: "s0b0",
      type: "scale",
      data_name: "age",
      order: 0,
      question_text: "",
      min_value: 1,
      max_value: 5,
      min_label: "",
      max_label: "",
      is_required: true,
    });
    // A bound that is not a number counts as 1 (min) or 5 (max).
    const max = within(block(1)).getByLabelText(t.maxValue);
    fireEvent.change(max, { target: { value: "9" } });
    fireEvent.change(max, { target: { value: "many" } });
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(lastSteps()[0].blocks[0]).toMatchObject({ max_value: 5 });
    fireEvent.blur(max);
    expect((max as HTMLInputElement).value).toBe("5");
  });

  it("adds only non-blank new options, and moves and removes them", async () => {
    await openEditor(whereQuestion([]));
    const b = within(block(1));
    const draft = b.getByLabelText(t.newOption);
    const add = b.getByRole("button", { name: t.addOption }) as HTMLButtonElement;
    fireEvent.change(draft, { target: { value: "   " } });
    expect(add.disabled).toBe(true);
    fireEvent.change(draft, { target: { value: " Home " } });
    add.focus();
    fireEvent.click(add);
    // The button is disabled again (the field is empty): focus goes back to the field.
    expect(add.disabled).toBe(true);
    expect(document.activeElement).toBe(draft);
    fireEvent.change(draft, { target: { value: "Work" } });
    fireEvent.keyDown(draft, { key: "Enter" });
    fireEvent.change(draft, { target: { value: "Home" } });
    expect(add.disabled).toBe(true);
    fireEvent.click(b.getByRole("button", { name: t.optionMoveUp.replace("{text}", "Work") }));
    await waitFor(() => expect(puts().length).toBeGreaterThan(0));
    await saved();
    expect(lastSteps()[0].blocks[0]).toMatchObject({
      options: [
        { order: 0, text: "Work" },
        { order: 1, text: "Home" },
      ],
    });
    fireEvent.click(b.getByRole("button", { name: t.optionRemove.replace("{text}", "Work") }));
    await waitFor(() =>
      expect(lastSteps()[0].blocks[0]).toMatchObject({ options: [{ order: 0, text: "Home" }] }),
    );
  });

  it("stops adding options at the most a question holds, and says so at the field", async () => {
    const options = Array.from({ length: MAX_OPTIONS }, (_, i) => ({
      order: i,
      text: `Gemeente ${i}`,
    }));
    await openEditor(whereQuestion(options));
    const b = within(block(1));
    const draft = b.getByLabelText(t.newOption);
    fireEvent.change(draft, { target: { value: "One more" } });
    expect((b.getByRole("button", { name: t.addOption }) as HTMLButtonElement).disabled).toBe(true);
    expect(draft.getAttribute("aria-describedby")).toBeTruthy();
    const hint = document.getElementById(draft.getAttribute("aria-describedby")!.split(" ")[0]);
    expect(hint?.textContent).toBe(t.optionsFull.replace("{max}", String(MAX_OPTIONS)));
  });

  it("stops adding steps at the most a survey holds, and says so beside the button", async () => {
    await openEditor({
      steps: Array.from({ length: MAX_STEPS }, (_, order) => ({ order, blocks: [] })),
    });
    const add = screen.getByRole("button", { name: t.addStep }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    const reason = document.getElementById(add.getAttribute("aria-describedby") ?? "");
    expect(reason?.textContent).toBe(t.stepsFull.replace("{max}", String(MAX_STEPS)));
  });

  it("marks a text block whose HTML is over the limit at the block, before the server refuses it", async () => {
    const long = `<p>${"a".repeat(MAX_TEXT_CONTENT)}</p>`;
    await openEditor({
      steps: [{ order: 0, blocks: [{ type: "text", data_name: "", order: 0, content: long }] }],
    });
    const textbox = await within(block(1)).findByRole("textbox", { name: t.text });
    await waitFor(() => expect(textbox.getAttribute("aria-invalid")).toBe("true"));
    const error = document.getElementById(textbox.getAttribute("aria-describedby")!.split(" ")[0]);
    expect(error?.textContent).toBe(t.problems.text_too_long);
  });

  it("edits an option's text in place, taking back an emptied one", async () => {
    await openEditor({
      steps: [
        {
          order: 0,
          blocks: [
            {
              type: "multiple_choice",
              is_required: true,
              data_name: "where",
              order: 0,
              question_text: "Where?",
              allow_multiple: false,
              options: [
                { order: 0, text: "Hom" },
                { order: 1, text: "Work" },
              ],
            },
          ],
        },
      ],
    });
    const b = within(block(1));
    const first = b.getByLabelText(t.optionText.replace("{position}", "1"));
    fireEvent.focus(first);
    fireEvent.change(first, { target: { value: "Home " } });
    fireEvent.blur(first);
    await waitFor(() =>
      expect(lastSteps()[0].blocks[0]).toMatchObject({
        options: [
          { order: 0, text: "Home" },
          { order: 1, text: "Work" },
        ],
      }),
    );
    const second = b.getByLabelText(t.optionText.replace("{position}", "2"));
    fireEvent.focus(second);
    fireEvent.change(second, { target: { value: "  " } });
    fireEvent.blur(second);
    expect((second as HTMLInputElement).value).toBe("Work");
    await saved();
  });

  it("marks an option cleared to be retyped at once, in its own words", async () => {
    await openEditor(whereQuestion([{ order: 0, text: "Home" }]));
    const option = within(block(1)).getByLabelText(t.optionText.replace("{position}", "1"));
    fireEvent.focus(option);
    fireEvent.change(option, { target: { value: "" } });
    const errorText = () =>
      document.getElementById(option.getAttribute("aria-describedby")?.split(" ")[0] ?? "")
        ?.textContent;
    await waitFor(() => expect(option.getAttribute("aria-invalid")).toBe("true"));
    expect(errorText()).toBe(t.problems.option_required);
    // Also once the server has refused it: the reason, not "this value was not accepted".
    await waitFor(() =>
      expect(lastSteps()[0].blocks[0]).toMatchObject({ options: [{ text: "" }] }),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(errorText()).toBe(t.problems.option_required);
    fireEvent.change(option, { target: { value: "Thuis" } });
    await waitFor(() =>
      expect(lastSteps()[0].blocks[0]).toMatchObject({ options: [{ text: "Thuis" }] }),
    );
    await saved();
  });

  it("marks the step holding a data name clash when the question renamed is on another step", async () => {
    const question = (data_name: string) => ({
      type: "open_question" as const,
      is_required: false,
      data_name,
      order: 0,
      question_text: `About ${data_name}?`,
    });
    await openEditor({
      steps: [
        { order: 0, blocks: [question("a")] },
        { order: 1, blocks: [question("b")] },
      ],
    });
    const stepButton = (n: number) =>
      within(screen.getByRole("navigation", { name: t.steps })).getByRole("button", {
        name: new RegExp(`^${t.stepLabel.replace("{number}", `${n}`)}`),
      });
    expect(stepButton(2).textContent).toBe(t.stepLabel.replace("{number}", "2"));
    fireEvent.change(within(block(1)).getByLabelText(t.dataName), { target: { value: "b" } });
    // The later holder of the name is what is marked: step 2, not the step on screen.
    await waitFor(() => expect(stepButton(2).textContent).toContain(t.stepHasProblems));
    expect(stepButton(1).textContent).not.toContain(t.stepHasProblems);
    fireEvent.change(within(block(1)).getByLabelText(t.dataName), { target: { value: "a" } });
    await waitFor(() => expect(stepButton(2).textContent).not.toContain(t.stepHasProblems));
    await saved();
  });

  it("explains a scale bound only when it is not a number, and refuses a minimum above the maximum", async () => {
    await openEditor({
      steps: [
        {
          order: 0,
          blocks: [
            {
              type: "scale",
              is_required: true,
              data_name: "much",
              order: 0,
              question_text: "How much?",
              min_value: 1,
              max_value: 5,
              min_label: "",
              max_label: "",
            },
          ],
        },
      ],
    });
    const b = within(block(1));
    expect(b.queryByText(t.scaleHint)).toBeNull();
    const min = b.getByLabelText(t.minValue);
    fireEvent.change(min, { target: { value: "abc" } });
    expect(b.getByText(t.scaleHint)).toBeTruthy();
    fireEvent.change(min, { target: { value: "7" } });
    expect(b.queryByText(t.scaleHint)).toBeNull();
    expect(await b.findByText(t.problems.scale_min_above_max)).toBeTruthy();
    // Back within bounds, it saves: nothing is left waiting for the next test.
    fireEvent.change(min, { target: { value: "2" } });
    await waitFor(() => expect(b.queryByText(t.problems.scale_min_above_max)).toBeNull());
    await waitFor(() => expect(lastSteps()[0].blocks[0]).toMatchObject({ min_value: 2 }));
    await saved();
  });

  it("shows a duplicate data name at its field at once", async () => {
    await openEditor();
    fireEvent.click(screen.getByRole("button", { name: t.addStep }));
    fireEvent.click(screen.getByRole("button", { name: t.addBlock }));
    fireEvent.click(screen.getByRole("button", { name: t.addBlock }));
    expect((within(block(2)).getByLabelText(t.dataName) as HTMLInputElement).value).toBe(
      "question_2",
    );
    fireEvent.change(within(block(2)).getByLabelText(t.dataName), {
      target: { value: "question_1" },
    });
    const field = within(block(2)).getByLabelText(t.dataName);
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(within(block(2)).getByText(t.problems.data_name_duplicate)).toBeTruthy();
  });

  it("keeps the edits and shows the field when the server refuses a value, without retrying", async () => {
    await openEditor({
      steps: [
        {
          order: 0,
          blocks: [
            {
              type: "open_question",
              data_name: "q",
              order: 0,
              question_text: "",
              is_required: false,
            },
          ],
        },
      ],
    });
    server().on(`PUT ${path}`, {
      status: 400,
      body: {
        error: {
          code: 22,
          message: "Invalid input",
          fields: { "steps.0.blocks.0.question_text": "Too long" },
        },
      },
    });
    fireEvent.change(within(block(1)).getByLabelText(t.questionText), {
      target: { value: "Refused text" },
    });
    expect(
      await within(block(1)).findByText(t.problems.invalid, {}, { timeout: 3000 }),
    ).toBeTruthy();
    expect(screen.getByText(t.fixFields)).toBeTruthy();
    await new Promise((r) => setTimeout(r, 1500));
    // Sent once, not retried (a previous test's page may still send its own last edit).
    expect(puts().filter((r) => JSON.stringify(r.body).includes("Refused text"))).toHaveLength(1);
    expect((within(block(1)).getByLabelText(t.questionText) as HTMLTextAreaElement).value).toBe(
      "Refused text",
    );
  });

  it("warns that changes apply to new responses once there are responses", async () => {
    await openEditor({ response_count: 12 });
    expect(screen.getByText("12 responses collected; changes apply to new responses")).toBeTruthy();
  });

  it("deletes a step only after confirmation", async () => {
    await openEditor({
      steps: [
        { order: 0, blocks: [] },
        { order: 1, blocks: [] },
      ],
    });
    fireEvent.click(screen.getByRole("button", { name: t.deleteStep }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: t.cancel }));
    await new Promise((r) => setTimeout(r, 1000));
    expect(puts()).toHaveLength(0);
    fireEvent.click(screen.getByRole("button", { name: t.deleteStep }));
    fireEvent.click(
      within(await screen.findByRole("dialog")).getByRole("button", { name: t.delete }),
    );
    await waitFor(() => expect(puts()).toHaveLength(1));
    // The step left keeps its id (from its position when loaded).
    expect(lastSteps()).toEqual([{ id: "s1", order: 0, blocks: [] }]);
  });

  it("has no axe violations with a block of every type", async () => {
    await openEditor({
      response_count: 2,
      steps: [
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
              type: "multiple_choice",
              is_required: true,
              data_name: "where",
              order: 2,
              question_text: "Where?",
              allow_multiple: true,
              options: [{ order: 0, text: "Home" }],
            },
            {
              type: "scale",
              is_required: true,
              data_name: "impact",
              order: 3,
              question_text: "Impact?",
              min_value: 1,
              max_value: 5,
              min_label: "small",
              max_label: "big",
            },
          ],
        },
      ],
    });
    fireEvent.change(within(block(2)).getByLabelText(t.dataName), { target: { value: "where" } });
    await screen.findByText(t.problems.data_name_duplicate);
    // Colours need a real browser (the e2e suite checks them).
    const results = await axe.run(document.body, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] },
      rules: { "color-contrast": { enabled: false } },
    });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target)}`)).toEqual([]);
    // The edit's save settles here, not on unmount after the test server has closed.
    await saved();
  });
});
