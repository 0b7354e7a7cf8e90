import { cleanup, configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { beforeEach, describe, expect, it } from "vitest";
import { SurveyEditor } from "@/components/admin/survey-editor/survey-editor";
import { conditionProblems } from "@/lib/surveys/condition-rules.shared";
import type { EditorSurvey } from "@/lib/surveys/editor-schemas.shared";
import type { Block, Step } from "@/lib/surveys/schema.shared";
import { type RecordedRequest } from "../../support/api-test-server";
import { setUpApiTestServer } from "../../support/api-test-file";
import { messagesOf, renderIntl } from "../../support/render-intl";
import { happenedQuestion, oftenQuestion } from "../../support/branching-blocks";

// Saves wait for a pause in editing (800 ms); on a busy machine a round trip takes longer.
configure({ asyncUtilTimeout: 4000 });

const t = messagesOf.en.surveyEditor;
const c = t.conditions;
const UUID = "6a1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f";
const STUDY = 42;
const path = `/api/study/${STUDY}/survey`;

const server = setUpApiTestServer();

const happened: Block = happenedQuestion();
const often: Block = oftenQuestion();
const where: Block = {
  type: "multiple_choice",
  data_name: "where",
  order: 2,
  question_text: "Where?",
  allow_multiple: true,
  is_required: true,
  options: [
    { order: 0, text: "Home" },
    { order: 1, text: "Work" },
  ],
};
const story: Block = {
  type: "open_question",
  data_name: "story",
  order: 3,
  question_text: "",
  is_required: false,
};
const thanks: Block = { type: "text", data_name: "", order: 0, content: "<p>Thanks</p>" };

/** The server's survey; a PUT is checked with the save's own condition rules, as the API does. */
let stored: EditorSurvey;
// Each test starts from its own version, so a save a previous test sent on leaving is refused.
let base = 0;
beforeEach(() => {
  base += 100;
  window.sessionStorage.clear();
  stored = { study_id: STUDY, survey_uuid: UUID, steps: [], version: base, response_count: 0 };
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
    const problems = conditionProblems(body.steps);
    if (Object.keys(problems).length > 0) {
      return {
        status: 400,
        body: { error: { code: 22, message: "Invalid input", fields: problems } },
      };
    }
    stored = { ...stored, steps: body.steps, version: stored.version + 1 };
    return { status: 200, body: stored };
  });
});

const puts = (): RecordedRequest[] =>
  server().requests.filter((r) => r.method === "PUT" && r.path === path);
const lastSteps = () => (puts().at(-1)!.body as { steps: Step[] }).steps;
const block = (n: number) =>
  screen.getByRole("region", {
    name: new RegExp(`^${t.blockLabel.replace("{number}", `${n}`)}\\s?:`),
  });
/** The condition's sentence, one paragraph with the question and value in bold. */
const sentence = (text: string) =>
  screen.getByText((_, el) => el?.tagName === "P" && el.textContent === text);
const optionTexts = (select: HTMLElement) =>
  [...(select as HTMLSelectElement).options].map((o) => o.textContent);

async function openEditor(steps: Step[]) {
  stored = { ...stored, steps };
  renderIntl(<SurveyEditor studyId={STUDY} />, "en");
  await screen.findByRole(
    "heading",
    { level: 1, name: "Survey of Safety study" },
    { timeout: 4000 },
  );
}

describe("show only if", () => {
  it("offers only earlier questions, the ops of a single choice, its real options, and reads as a sentence", async () => {
    await openEditor([{ order: 0, blocks: [happened, often, where, story] }]);
    // Nothing comes before the first block, nor before the first step.
    expect(within(block(1)).getByText(c.noEarlierBlock)).toBeTruthy();
    expect(screen.getByText(c.noEarlierStep)).toBeTruthy();

    fireEvent.click(within(block(2)).getByRole("button", { name: /^show only if…/ }));
    const b2 = within(block(2));
    expect(optionTexts(b2.getByLabelText(c.question))).toEqual([
      "Step 1, block 1: Has this happened to you?",
    ]);
    expect(optionTexts(b2.getByLabelText(c.op))).toEqual([
      "is",
      "is not",
      "includes",
      "does not include",
      "is answered",
      "is not answered",
    ]);
    expect(optionTexts(b2.getByLabelText(c.answer))).toEqual(["Yes", "No"]);
    fireEvent.click(b2.getByRole("button", { name: c.done }));
    expect(sentence("Show only if Has this happened to you? is Yes")).toBeTruthy();
    await waitFor(() =>
      expect(lastSteps()[0].blocks[1].visible_if).toEqual({
        data_name: "happened",
        op: "equals",
        value: "Yes",
      }),
    );
  });

  it("offers at least / at most and a number in range for a scale, includes / excludes for several answers", async () => {
    await openEditor([{ order: 0, blocks: [happened, often, where, story] }]);
    // The open question (last block) may name all three before it.
    fireEvent.click(within(block(4)).getByRole("button", { name: /^show only if…/ }));
    const b4 = within(block(4));
    const question = b4.getByLabelText(c.question);
    expect(optionTexts(question)).toHaveLength(3);
    expect((question as HTMLSelectElement).value).toBe("where");
    expect(optionTexts(b4.getByLabelText(c.op))).toEqual([
      "includes",
      "does not include",
      "is answered",
      "is not answered",
    ]);
    fireEvent.change(question, { target: { value: "often" } });
    expect(optionTexts(b4.getByLabelText(c.op))).toEqual([
      "is",
      "is not",
      "is at least",
      "is at most",
      "is answered",
      "is not answered",
    ]);
    fireEvent.change(b4.getByLabelText(c.op), { target: { value: "gte" } });
    const number = b4.getByLabelText("Number from 1 to 5") as HTMLInputElement;
    expect([number.min, number.max]).toEqual(["1", "5"]);
    fireEvent.change(number, { target: { value: "3" } });
    // A second comparison, combined with "any".
    fireEvent.click(b4.getByRole("button", { name: c.addAnother }));
    fireEvent.change(b4.getByLabelText(c.combine), { target: { value: "any" } });
    await waitFor(() =>
      expect(lastSteps()[0].blocks[3].visible_if).toEqual({
        any: [
          { data_name: "often", op: "gte", value: 3 },
          { data_name: "where", op: "includes", value: "Home" },
        ],
      }),
    );
    expect(sentence("Show only if How often? is at least 3 or Where? includes Home")).toBeTruthy();
    fireEvent.click(b4.getByRole("button", { name: "remove condition 1" }));
    fireEvent.click(b4.getAllByRole("button", { name: c.remove })[0]);
    await waitFor(() => expect(lastSteps()[0].blocks[3].visible_if).toBeUndefined());
  });

  it("offers a step the questions of earlier steps, in Dutch words too", async () => {
    stored = {
      ...stored,
      steps: [
        { order: 0, blocks: [happened] },
        { order: 1, blocks: [thanks] },
      ],
    };
    renderIntl(<SurveyEditor studyId={STUDY} />, "nl");
    fireEvent.click(await screen.findByRole("button", { name: "Stap 2" }, { timeout: 4000 }));
    fireEvent.click(screen.getByRole("button", { name: "toon alleen als… (stap 2)" }));
    fireEvent.click(screen.getByRole("button", { name: "klaar" }));
    expect(sentence("Toon alleen als Has this happened to you? Yes is")).toBeTruthy();
    await waitFor(() =>
      expect(lastSteps()[1].visible_if).toEqual({
        data_name: "happened",
        op: "equals",
        value: "Yes",
      }),
    );
  });

  it("works by keyboard: focus goes into the condition and back to its edit button", async () => {
    const user = userEvent.setup();
    await openEditor([{ order: 0, blocks: [happened, often] }]);
    within(block(2))
      .getByRole("button", { name: /^show only if…/ })
      .focus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(document.activeElement?.id).toMatch(/-condition-0-question$/));
    await user.tab();
    expect(document.activeElement).toBe(within(block(2)).getByLabelText(c.op));
    await user.tab();
    expect(document.activeElement).toBe(within(block(2)).getByLabelText(c.answer));
    await user.tab();
    expect(document.activeElement).toBe(
      within(block(2)).getByRole("button", { name: "remove condition 1" }),
    );
    await user.tab();
    await user.tab();
    expect(document.activeElement?.textContent).toBe(c.done);
    await user.keyboard("{Enter}");
    await waitFor(() => expect(document.activeElement?.id).toMatch(/-condition-edit$/));
    expect(document.activeElement?.textContent).toBe(`${c.edit} (step 1, block 2)`);
  });

  it("has no axe violations with conditions open and closed", async () => {
    await openEditor([
      {
        order: 0,
        blocks: [
          happened,
          { ...often, visible_if: { data_name: "happened", op: "equals", value: "Yes" } },
          where,
        ],
      },
    ]);
    fireEvent.click(within(block(3)).getByRole("button", { name: /^show only if…/ }));
    fireEvent.click(within(block(3)).getByRole("button", { name: c.addAnother }));
    const results = await axe.run(document.body, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] },
      rules: { "color-contrast": { enabled: false } },
    });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target)}`)).toEqual([]);
  });
});

describe("conditions an edit affects", () => {
  const branching = (): Step[] => [
    {
      order: 0,
      blocks: [
        happened,
        { ...often, visible_if: { data_name: "happened", op: "equals", value: "Yes" } },
      ],
    },
    { order: 1, visible_if: { data_name: "often", op: "gte", value: 3 }, blocks: [thanks] },
  ];
  const notice = () =>
    screen.getByRole("region", { name: /conditions? depends? on what you changed$/ });

  it("names the condition a rename broke and follows the new data name when asked", async () => {
    await openEditor(branching());
    fireEvent.change(within(block(1)).getByLabelText(t.dataName), {
      target: { value: "happened_to_you" },
    });
    expect(notice().querySelector("h2")?.textContent).toBe(
      "1 condition depends on what you changed",
    );
    // Said in a status region that was on the page before, so it is announced.
    expect(screen.getAllByRole("status").map((r) => r.textContent)).toContain(
      "1 condition depends on what you changed",
    );
    expect(within(notice()).getByRole("listitem").textContent).toBe(
      "step 1, block 2: Has this happened to you? is Yes (the data name of the question is now happened_to_you)" +
        `${c.followRename} (step 1, block 2)${c.remove} (step 1, block 2)`,
    );
    const follow = within(notice()).getByRole("button", {
      name: `${c.followRename} (step 1, block 2)`,
    });
    follow.focus();
    fireEvent.click(follow);
    expect(screen.queryByRole("region", { name: /depends? on what you changed$/ })).toBeNull();
    // The notice went with its last item: focus is on the step, not on the page.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole("heading", { level: 2, name: t.stepLabel.replace("{number}", "1") }),
      ),
    );
    await waitFor(() =>
      expect(lastSteps()[0].blocks[1].visible_if).toEqual({
        data_name: "happened_to_you",
        op: "equals",
        value: "Yes",
      }),
    );
  });

  it("follows a renamed option, and removes the conditions of a removed question", async () => {
    await openEditor(branching());
    fireEvent.change(within(block(1)).getByLabelText(t.optionText.replace("{position}", "1")), {
      target: { value: "Yes, once or more" },
    });
    expect(within(notice()).getByRole("listitem").textContent).toContain(
      "(the option Yes is now Yes, once or more)",
    );
    fireEvent.click(within(notice()).getByRole("button", { name: /^follow the change/ }));
    await waitFor(() =>
      expect(lastSteps()[0].blocks[1].visible_if).toEqual({
        data_name: "happened",
        op: "equals",
        value: "Yes, once or more",
      }),
    );

    // Deleting "How often?" breaks the condition of step 2, which is on another step.
    fireEvent.click(
      within(block(2)).getByRole("button", { name: t.deleteBlock.replace("{number}", "2") }),
    );
    fireEvent.click(
      within(await screen.findByRole("dialog")).getByRole("button", { name: t.delete }),
    );
    const item = await within(notice()).findByRole("listitem");
    expect(item.textContent).toContain(
      "step 2: How often? is at least 3 (the question often was removed)",
    );
    expect(within(item).queryByRole("button", { name: /^follow the change/ })).toBeNull();
    fireEvent.click(within(item).getByRole("button", { name: `${c.remove} (step 2)` }));
    await waitFor(() =>
      expect(lastSteps()[1]).toEqual({
        id: "s1",
        order: 1,
        blocks: [{ ...thanks, id: expect.any(String) }],
      }),
    );
  });
});

describe("a survey the server refuses for its conditions", () => {
  it("keeps the draft over a reload, marks the conditions, and saves once they are fixed", async () => {
    await openEditor([
      {
        order: 0,
        blocks: [
          happened,
          { ...often, visible_if: { data_name: "happened", op: "equals", value: "Yes" } },
        ],
      },
    ]);
    // Removing the option "Yes" leaves a condition on an option that no longer exists.
    fireEvent.click(
      within(block(1)).getByRole("button", { name: t.optionRemove.replace("{text}", "Yes") }),
    );
    const refused = await screen.findByRole("alert", {}, { timeout: 4000 });
    expect(within(refused).getByText(t.fixConditions)).toBeTruthy();
    expect(puts().at(-1)!.body).toMatchObject({ version: stored.version });
    expect(within(block(2)).getByText(t.problems.condition_unknown_option)).toBeTruthy();

    // A reload: the page comes back with the kept draft, sends it again and is refused again.
    const sent = puts().length;
    cleanup();
    renderIntl(<SurveyEditor studyId={STUDY} />, "en");
    expect(await screen.findByText(c.restored, {}, { timeout: 4000 })).toBeTruthy();
    const removeOption = (text: string) =>
      within(block(1)).queryByRole("button", { name: t.optionRemove.replace("{text}", text) });
    expect(removeOption("Yes")).toBeNull();
    expect(removeOption("No")).toBeTruthy();
    await waitFor(() => expect(puts().length).toBeGreaterThan(sent), { timeout: 4000 });
    const again = await screen.findByRole("alert");
    expect(again.textContent).toContain(t.fixConditions);
    // The server still has the survey as it was.
    expect(stored.steps[0].blocks[0]).toEqual(happened);

    // "go to" shows the condition; choosing an existing answer saves at once.
    fireEvent.click(within(again).getByRole("button", { name: "go to step 1, block 2" }));
    await waitFor(() =>
      expect(document.activeElement?.textContent).toBe(`${c.edit} (step 1, block 2)`),
    );
    fireEvent.click(document.activeElement as HTMLElement);
    fireEvent.change(within(block(2)).getByLabelText(c.answer), { target: { value: "No" } });
    await screen.findByText(messagesOf.en.autosave.saved, {}, { timeout: 4000 });
    expect(stored.steps[0].blocks[1].visible_if).toEqual({
      data_name: "happened",
      op: "equals",
      value: "No",
    });
    expect(screen.queryByText(t.fixConditions)).toBeNull();
    // The kept draft is removed by an effect once the editor has taken in the save's answer,
    // which can be a render after the status says saved.
    await waitFor(() =>
      expect(window.sessionStorage.getItem(`survey-editor-draft:${STUDY}`)).toBeNull(),
    );
  });
});
