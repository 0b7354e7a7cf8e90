import { expect, test, type Locator, type Page } from "@playwright/test";
import { e2eAccounts } from "../support/e2e/accounts";
import { signIn } from "../support/e2e/auth";
import { expectNoAxeViolations } from "../support/e2e/axe";
import { setLocaleCookie } from "../support/e2e/locale";
import { messagesFor } from "../support/e2e/messages";
import { exportRows } from "../support/e2e/export-rows";

const en = messagesFor("en");
const t = en.surveyEditor;
const runner = en.survey;
const saved = en.autosave.saved;

let studyCounter = 0;

/** A new study of its own (not started, with an empty survey), made through the staff API. */
async function createStudy(page: Page, baseURL: string) {
  studyCounter += 1;
  const name = `Editor study ${Date.now()}-${studyCounter}`;
  const res = await page.request.post("/api/study", {
    data: { name },
    headers: { origin: baseURL },
  });
  expect(res.status()).toBe(200);
  const study = (await res.json()) as { id: number; survey_uuid: string };
  return { id: study.id, surveyUuid: study.survey_uuid, name };
}

async function setStatus(page: Page, baseURL: string, id: number, status: string) {
  const res = await page.request.put(`/api/study/${id}`, {
    data: { status },
    headers: { origin: baseURL },
  });
  expect(res.status()).toBe(200);
}

/** The export as CSV rows (BOM dropped; the answers in this test hold no commas or quotes). */

async function storedSurvey(page: Page, id: number) {
  const res = await page.request.get(`/api/study/${id}/survey`);
  expect(res.status()).toBe(200);
  return (await res.json()) as {
    version: number;
    steps: { blocks: { type: string; data_name: string; question_text?: string }[] }[];
  };
}

const block = (page: Page, n: number) =>
  page.getByRole("region", {
    name: new RegExp(`^${t.blockLabel.replace("{number}", String(n))}\\s?:`),
  });
const stepButton = (page: Page, n: number) =>
  page
    .getByRole("navigation", { name: t.steps })
    .getByRole("button", { name: t.stepLabel.replace("{number}", String(n)), exact: true });

async function expectSaved(page: Page, timeout?: number) {
  await expect(page.getByRole("status").filter({ hasText: saved })).toBeVisible({ timeout });
}

async function addBlock(page: Page, n: number, type: keyof typeof t.types): Promise<Locator> {
  await page.getByRole("button", { name: t.addBlock }).click();
  const added = block(page, n);
  await added.getByLabel(t.blockType).selectOption(type);
  return added;
}

test.describe("survey editor", () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await setLocaleCookie(context, baseURL!, "en");
  });

  test("build a three-step survey, find it saved, preview it unopened, then a visitor takes it", async ({
    page,
    context,
    browser,
    baseURL,
  }) => {
    await signIn(page, e2eAccounts.staff);
    const study = await createStudy(page, baseURL!);
    await page.goto(`/admin/studies/${study.id}/survey`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      t.titleFor.replace("{name}", study.name),
    );
    await expect(page.getByText(t.noSteps)).toBeVisible();

    // Step 1: a text block and a required open question.
    await page.getByRole("button", { name: t.addStep }).click();
    await expect(stepButton(page, 1)).toHaveAttribute("aria-current", "step");
    const intro = await addBlock(page, 1, "text");
    const text = intro.getByRole("textbox", { name: t.text });
    await text.click();
    await page.keyboard.type("Welcome to this survey.");
    const story = await addBlock(page, 2, "open_question");
    await expect(story.getByRole("textbox", { name: t.dataName, exact: true })).toHaveValue(
      "question_1",
    );
    await story.getByLabel(t.questionText, { exact: true }).fill("What happened?");
    await story.getByRole("button", { name: t.suggest.replace("{name}", "what_happened") }).click();
    await expect(story.getByRole("textbox", { name: t.dataName, exact: true })).toHaveValue(
      "what_happened",
    );
    await story.getByLabel(t.required).check();

    // Step 2: multiple choice; blank options are not added.
    await page.getByRole("button", { name: t.addStep }).click();
    await expect(stepButton(page, 2)).toHaveAttribute("aria-current", "step");
    const place = await addBlock(page, 1, "multiple_choice");
    await place.getByLabel(t.questionText, { exact: true }).fill("Where?");
    await place.getByRole("textbox", { name: t.dataName, exact: true }).fill("what_happened");
    // A duplicate data name is shown at the field at once.
    await expect(place.getByText(t.problems.data_name_duplicate)).toBeVisible();
    await place.getByRole("textbox", { name: t.dataName, exact: true }).fill("place");
    await expect(place.getByText(t.problems.data_name_duplicate)).toHaveCount(0);
    const newOption = place.getByLabel(t.newOption);
    await newOption.fill("   ");
    await expect(place.getByRole("button", { name: t.addOption })).toBeDisabled();
    await newOption.fill("Work");
    await newOption.press("Enter");
    await newOption.fill("Home");
    await place.getByRole("button", { name: t.addOption }).click();
    await place.getByRole("button", { name: t.optionMoveUp.replace("{text}", "Home") }).click();
    // Each option's text is a field of its own, editable in place.
    await expect(place.getByLabel(t.optionText.replace("{position}", "1"))).toHaveValue("Home");
    await expect(place.getByLabel(t.optionText.replace("{position}", "2"))).toHaveValue("Work");

    // Step 3: a scale; a bound that is not a number falls back to 5.
    await page.getByRole("button", { name: t.addStep }).click();
    const impact = await addBlock(page, 1, "scale");
    await impact.getByLabel(t.questionText, { exact: true }).fill("How big was the impact?");
    await impact.getByRole("textbox", { name: t.dataName, exact: true }).fill("impact");
    const max = impact.getByLabel(t.maxValue);
    await max.fill("lots");
    await max.blur();
    await expect(max).toHaveValue("5");
    await max.fill("4");
    await impact.getByLabel(t.minLabel).fill("small");
    await impact.getByLabel(t.maxLabel).fill("big");
    await expectSaved(page);
    await expectNoAxeViolations(page);

    // Reloaded: everything is there.
    await page.reload();
    await expect(stepButton(page, 3)).toBeVisible();
    await stepButton(page, 1).click();
    await expect(block(page, 1).getByRole("textbox", { name: t.text })).toHaveText(
      "Welcome to this survey.",
    );
    await expect(
      block(page, 2).getByRole("textbox", { name: t.dataName, exact: true }),
    ).toHaveValue("what_happened");
    await expect(block(page, 2).getByLabel(t.required)).toBeChecked();
    await stepButton(page, 3).click();
    await expect(block(page, 1).getByLabel(t.maxValue)).toHaveValue("4");
    const stored = await storedSurvey(page, study.id);
    expect(stored.steps.map((s) => s.blocks.map((b) => b.type))).toEqual([
      ["text", "open_question"],
      ["multiple_choice"],
      ["scale"],
    ]);

    // Preview while the study is not started: checked like the real thing, never submitted.
    const [preview] = await Promise.all([
      context.waitForEvent("page"),
      page.getByRole("link", { name: new RegExp(t.preview) }).click(),
    ]);
    await expect(preview.getByText(runner.preview.banner)).toBeVisible();
    await preview.getByRole("button", { name: runner.next }).click();
    await expect(preview.getByText(runner.problems.fill_in_answer)).toBeVisible();
    await preview.getByLabel(/What happened/).fill("Just trying");
    await preview.getByRole("button", { name: runner.next }).click();
    await preview.getByRole("radio", { name: "Home" }).check();
    await preview.getByRole("button", { name: runner.next }).click();
    await preview.getByRole("radio", { name: "2", exact: true }).check();
    await preview.getByRole("button", { name: runner.preview.finish }).click();
    await expect(preview.getByRole("heading", { name: runner.preview.doneTitle })).toBeVisible();
    await expectNoAxeViolations(preview);
    await preview.close();
    expect(await exportRows(page, study.id)).toHaveLength(1);

    // Open the study; a visitor (no session) takes the survey.
    await setStatus(page, baseURL!, study.id, "open");
    const visitorContext = await browser.newContext();
    await setLocaleCookie(visitorContext, baseURL!, "en");
    const visitor = await visitorContext.newPage();
    await visitor.goto(`/survey/${study.surveyUuid}`);
    await expect(visitor.getByText("Welcome to this survey.")).toBeVisible();
    await expect(visitor.getByText(runner.preview.banner)).toHaveCount(0);
    await visitor.getByRole("button", { name: runner.next }).click();
    await expect(visitor.getByText(runner.problems.fillInRequired)).toBeVisible();
    await visitor.getByLabel(/What happened/).fill("Something I never told anyone");
    await visitor.getByRole("button", { name: runner.next }).click();
    await visitor.getByRole("button", { name: runner.next }).click();
    await expect(visitor.getByText(runner.problems.select_option)).toBeVisible();
    await visitor.getByRole("radio", { name: "Work" }).check();
    await visitor.getByRole("button", { name: runner.next }).click();
    await expect(visitor.getByRole("radio", { name: "1", exact: true })).toBeVisible();

    // An accidental reload on the last step keeps every answer.
    await visitor.reload();
    await expect(visitor.getByText(runner.restored.title)).toBeVisible();
    await expect(visitor.getByRole("radio", { name: "1", exact: true })).toBeVisible();
    await visitor.getByRole("button", { name: runner.previous }).click();
    await expect(visitor.getByRole("radio", { name: "Work" })).toBeChecked();
    await visitor.getByRole("button", { name: runner.previous }).click();
    await expect(visitor.getByLabel(/What happened/)).toHaveValue("Something I never told anyone");
    await visitor.getByRole("button", { name: runner.next }).click();
    await visitor.getByRole("button", { name: runner.next }).click();
    await visitor.getByRole("button", { name: runner.submit }).click();
    await expect(visitor.getByText(runner.problems.give_answer)).toBeVisible();
    await visitor.getByRole("radio", { name: "3", exact: true }).check();
    await visitor.getByRole("button", { name: runner.submit }).click();
    await expect(visitor.getByRole("heading", { name: runner.done.title })).toBeVisible();
    expect(await visitor.evaluate(() => sessionStorage.length)).toBe(0);
    expect((await visitorContext.cookies()).map((c) => c.name)).toEqual(["NEXT_LOCALE"]);
    await visitorContext.close();

    // The export has the one response, and nothing of the preview.
    const rows = await exportRows(page, study.id);
    expect(rows).toHaveLength(2);
    const header = rows[0];
    const row = rows[1];
    expect(header).toEqual(expect.arrayContaining(["what_happened", "place", "impact"]));
    expect(row[header.indexOf("what_happened")]).toBe("Something I never told anyone");
    expect(row[header.indexOf("place")]).toBe("Work");
    expect(row[header.indexOf("impact")]).toBe("3");
  });

  test("a failing save is retried and the page asks before it is left", async ({
    page,
    baseURL,
  }) => {
    await signIn(page, e2eAccounts.staff);
    const study = await createStudy(page, baseURL!);
    await page.goto(`/admin/studies/${study.id}/survey`);
    await page.getByRole("button", { name: t.addStep }).click();
    await expectSaved(page);

    let failing = true;
    await page.route(`**/api/study/${study.id}/survey`, (route) =>
      failing && route.request().method() === "PUT"
        ? route.fulfill({
            status: 503,
            contentType: "application/json",
            body: JSON.stringify({ error: { code: 13, message: "An unknown error occurred" } }),
          })
        : route.continue(),
    );
    await addBlock(page, 1, "open_question");
    await expect(page.getByText(en.autosave.retrying)).toBeVisible();

    await page.getByRole("link", { name: t.backToStudy }).click();
    const leave = page.getByRole("dialog", { name: t.leaveTitle });
    await expect(leave).toBeVisible();
    await leave.getByRole("button", { name: t.stay }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/studies/${study.id}/survey$`));

    failing = false;
    // The next retry comes after the backoff (at most 8 s).
    await expectSaved(page, 20_000);
    expect((await storedSurvey(page, study.id)).steps[0].blocks).toHaveLength(1);
    // Nothing is pending any more: leaving needs no question.
    await page.getByRole("link", { name: t.backToStudy }).click();
    await expect(page).toHaveURL(/\/admin\/studies$/);
  });

  test("two tabs on one survey: edits to different steps are both kept, only a block both changed is asked", async ({
    page,
    context,
    baseURL,
  }) => {
    await signIn(page, e2eAccounts.staff);
    const study = await createStudy(page, baseURL!);
    await page.goto(`/admin/studies/${study.id}/survey`);
    // Two steps with a question each.
    await page.getByRole("button", { name: t.addStep }).click();
    await (
      await addBlock(page, 1, "open_question")
    )
      .getByLabel(t.questionText, { exact: true })
      .fill("First question");
    await page.getByRole("button", { name: t.addStep }).click();
    await (
      await addBlock(page, 1, "open_question")
    )
      .getByLabel(t.questionText, { exact: true })
      .fill("Second question");
    await expectSaved(page);

    const second = await context.newPage();
    await second.goto(`/admin/studies/${study.id}/survey`);
    await expect(stepButton(second, 2)).toBeVisible();
    await expectSaved(second);
    const question = (p: Page) => block(p, 1).getByLabel(t.questionText, { exact: true });

    // The first tab edits step 1; the second hears of the save and no longer says "saved".
    await stepButton(page, 1).click();
    await question(page).fill("First, edited in tab one");
    await expectSaved(page);
    await expect(second.getByRole("status").filter({ hasText: t.behind })).toBeVisible();

    // The second tab edits step 2: merged, nothing asked, both edits stored.
    await stepButton(second, 2).click();
    await question(second).fill("Second, edited in tab two");
    await expectSaved(second);
    await expect(second.getByRole("dialog")).toHaveCount(0);
    let stored = await storedSurvey(page, study.id);
    expect(stored.steps.map((s) => s.blocks[0].question_text)).toEqual([
      "First, edited in tab one",
      "Second, edited in tab two",
    ]);
    await stepButton(second, 1).click();
    await expect(question(second)).toHaveValue("First, edited in tab one");

    // Now both change the question of step 1, and the first tab also edits step 2.
    await page.getByRole("button", { name: t.behindAction }).click();
    await expectSaved(page);
    await stepButton(page, 2).click();
    await question(page).fill("Second, edited in tab one");
    await stepButton(page, 1).click();
    await question(page).fill("First, from tab one");
    await expectSaved(page);
    await question(second).fill("First, from tab two");
    const dialog = second.getByRole("dialog", { name: t.conflictTitle });
    await expect(dialog).toBeVisible();
    // Only the block both changed is asked about, named by its step and question.
    await expect(dialog.getByRole("group")).toHaveCount(1);
    await expect(
      dialog.getByRole("group", { name: "Step 1, question “First, from tab two”" }),
    ).toBeVisible();
    await expectNoAxeViolations(second);
    await dialog.getByLabel(t.conflictMine).check();
    await dialog.getByRole("button", { name: t.conflictSave }).click();
    await expect(dialog).toHaveCount(0);
    await expectSaved(second);
    stored = await storedSurvey(page, study.id);
    expect(stored.steps.map((s) => s.blocks[0].question_text)).toEqual([
      "First, from tab two",
      "Second, edited in tab one",
    ]);
  });

  test("the save status stays in view while the editor scrolls, and covers nothing focused", async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 900, height: 500 });
    await signIn(page, e2eAccounts.staff);
    const study = await createStudy(page, baseURL!);
    await page.goto(`/admin/studies/${study.id}/survey`);
    await page.getByRole("button", { name: t.addStep }).click();
    for (let n = 1; n <= 4; n++) await addBlock(page, n, "open_question");
    await expectSaved(page);
    const status = page.getByRole("status").filter({ hasText: saved });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(status).toBeInViewport();
    // Focus moved back up to the first block's type: scrolled into view below the bar.
    const first = block(page, 1).getByLabel(t.blockType);
    await first.focus();
    const bar = await status.evaluate((el) => el.closest("div.sticky")!.getBoundingClientRect());
    const focused = (await first.boundingBox())!;
    expect(focused.y).toBeGreaterThanOrEqual(bar.bottom);
    await expect(status).toBeInViewport();
  });

  test("shows 'failed to load survey' for a study that does not exist, in Dutch too", async ({
    page,
    context,
    baseURL,
  }) => {
    await setLocaleCookie(context, baseURL!, "nl");
    await signIn(page, e2eAccounts.staff);
    await page.goto("/admin/studies/999999/survey");
    await expect(
      page.getByRole("alert").filter({ hasText: messagesFor("nl").surveyEditor.loadFailed }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
