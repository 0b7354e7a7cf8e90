import { expect, test, type Browser, type Page } from "@playwright/test";
import { e2eAccounts } from "../support/e2e/accounts";
import { signIn } from "../support/e2e/auth";
import { expectNoAxeViolations } from "../support/e2e/axe";
import { setLocaleCookie } from "../support/e2e/locale";
import { messagesFor } from "../support/e2e/messages";
import { exportRows } from "../support/e2e/export-rows";

/**
 * Staff build a branching survey with the "show only if" control ("Has this happened to you?"
 * → only if yes "How often?"), preview it, and two participants take both branches (one by
 * keyboard only); the export tells "not shown" (empty) from "shown, not answered" (-99). In
 * both languages, with axe on the editor with a condition open and on every runner state.
 */

const texts = {
  en: {
    happened: "Has this happened to you?",
    yes: "Yes",
    no: "No",
    often: "How often?",
    words: "In a few words?",
  },
  nl: {
    happened: "Is dit u overkomen?",
    yes: "Ja",
    no: "Nee",
    often: "Hoe vaak?",
    words: "In een paar woorden?",
  },
} as const;

async function api(
  page: Page,
  baseURL: string,
  method: "post" | "put",
  path: string,
  data: object,
) {
  const res = await page.request[method](path, { data, headers: { origin: baseURL } });
  expect(res.status()).toBe(200);
  return (await res.json()) as { id: number; survey_uuid: string };
}

/** The export as CSV rows (BOM dropped; no answer here holds a comma or a quote). */

for (const locale of ["en", "nl"] as const) {
  const m = messagesFor(locale);
  const t = m.surveyEditor;
  const c = t.conditions;
  const runner = m.survey;
  const words = texts[locale];
  const block = (page: Page, n: number) =>
    page.getByRole("region", {
      name: new RegExp(`^${t.blockLabel.replace("{number}", String(n))}\\s?:`),
    });

  async function participant(browser: Browser, baseURL: string, surveyUuid: string) {
    const context = await browser.newContext();
    await setLocaleCookie(context, baseURL, locale);
    const page = await context.newPage();
    await page.goto(`/survey/${surveyUuid}`);
    await expect(page.getByRole("radio", { name: words.yes })).toBeVisible();
    return { page, context };
  }

  /** Presses Tab until `target` has focus (the runner's own tab order, nothing clicked). */
  async function tabTo(page: Page, target: ReturnType<Page["getByRole"]>) {
    for (let i = 0; i < 30; i++) {
      if (await target.evaluate((el) => el === document.activeElement)) return;
      await page.keyboard.press("Tab");
    }
    throw new Error("not reached by Tab");
  }

  test(`branching survey built, previewed, taken on both branches and exported (${locale})`, async ({
    page,
    context,
    browser,
    baseURL,
  }) => {
    // Building, previewing, two participants, the export and a closed study: one long story.
    test.setTimeout(240_000);
    await setLocaleCookie(context, baseURL!, locale);
    await signIn(page, e2eAccounts.staff);
    const study = await api(page, baseURL!, "post", "/api/study", {
      name: `Logic ${locale} ${Date.now()}`,
    });
    await page.goto(`/admin/studies/${study.id}/survey`);
    await expect(page.getByText(t.noSteps)).toBeVisible();

    // Step 1: "Has this happened to you?" (optional), then "How often?" only if yes.
    await page.getByRole("button", { name: t.addStep }).click();
    await page.getByRole("button", { name: t.addBlock }).click();
    const happened = block(page, 1);
    await happened.getByLabel(t.blockType).selectOption("multiple_choice");
    await happened.getByLabel(t.questionText, { exact: true }).fill(words.happened);
    await happened.getByRole("textbox", { name: t.dataName, exact: true }).fill("happened");
    await happened.getByLabel(t.required).uncheck();
    for (const option of [words.yes, words.no]) {
      await happened.getByLabel(t.newOption).fill(option);
      await happened.getByLabel(t.newOption).press("Enter");
    }
    await expect(happened.getByText(c.noEarlierBlock)).toBeVisible();
    await page.getByRole("button", { name: t.addBlock }).click();
    const often = block(page, 2);
    await often.getByLabel(t.blockType).selectOption("scale");
    await often.getByLabel(t.questionText, { exact: true }).fill(words.often);
    await often.getByRole("textbox", { name: t.dataName, exact: true }).fill("often");
    await often.getByLabel(t.required).uncheck();
    await often.getByRole("button", { name: new RegExp(`^${c.add}`) }).click();
    await expect(often.getByLabel(c.question, { exact: true })).toBeFocused();
    await expect(often.getByLabel(c.answer, { exact: true })).toHaveValue(words.yes);
    await expectNoAxeViolations(page);
    await often.getByRole("button", { name: c.done }).click();
    const sentence =
      locale === "en"
        ? `Show only if ${words.happened} is ${words.yes}`
        : `Toon alleen als ${words.happened} ${words.yes} is`;
    await expect(often.getByText(sentence)).toBeVisible();
    await expectNoAxeViolations(page);

    // Step 2: a required open question for everyone.
    await page.getByRole("button", { name: t.addStep }).click();
    await page.getByRole("button", { name: t.addBlock }).click();
    await block(page, 1).getByLabel(t.questionText, { exact: true }).fill(words.words);
    await block(page, 1).getByRole("textbox", { name: t.dataName, exact: true }).fill("words");
    await block(page, 1).getByLabel(t.required).check();
    await expect(page.getByRole("status").filter({ hasText: m.autosave.saved })).toBeVisible();

    // The preview follows the logic.
    const [preview] = await Promise.all([
      context.waitForEvent("page"),
      page.getByRole("link", { name: new RegExp(t.preview) }).click(),
    ]);
    await expect(preview.getByText(words.happened)).toBeVisible();
    await expect(preview.getByText(words.often)).toHaveCount(0);
    await preview.getByRole("radio", { name: words.yes }).check();
    await expect(preview.getByText(words.often)).toBeVisible();
    await preview.getByRole("radio", { name: words.no }).check();
    await expect(preview.getByText(words.often)).toHaveCount(0);
    await preview.close();

    await api(page, baseURL!, "put", `/api/study/${study.id}`, { status: "open" });

    // Participant 1, keyboard only: yes, "How often?" appears and is left blank.
    const one = await participant(browser, baseURL!, study.survey_uuid);
    await expect(one.page.getByText(`(${runner.optional})`).first()).toBeVisible();
    await expectNoAxeViolations(one.page);
    await tabTo(one.page, one.page.getByRole("radio", { name: words.yes }));
    await one.page.keyboard.press("Space");
    await expect(one.page.getByText(words.often)).toBeVisible();
    await tabTo(one.page, one.page.getByRole("button", { name: runner.next }));
    await one.page.keyboard.press("Enter");
    const answer = one.page.getByLabel(new RegExp(words.words.replace("?", "\\?")));
    await expect(answer).toBeVisible();
    await tabTo(one.page, one.page.getByRole("button", { name: runner.submit }));
    await one.page.keyboard.press("Enter");
    await expect(one.page.getByText(runner.problems.fill_in_answer)).toBeVisible();
    await expectNoAxeViolations(one.page);
    await tabTo(one.page, answer);
    await one.page.keyboard.type("keyboard");
    await tabTo(one.page, one.page.getByRole("button", { name: runner.submit }));
    await one.page.keyboard.press("Enter");
    await expect(one.page.getByRole("heading", { name: runner.done.title })).toBeVisible();
    await expectNoAxeViolations(one.page);
    await one.context.close();

    // Participant 2: no, "How often?" is never shown.
    const two = await participant(browser, baseURL!, study.survey_uuid);
    await two.page.getByRole("radio", { name: words.no }).check();
    await expect(two.page.getByText(words.often)).toHaveCount(0);
    await two.page.getByRole("button", { name: runner.next }).click();
    await two.page.getByLabel(new RegExp(words.words.replace("?", "\\?"))).fill("mouse");
    await two.page.getByRole("button", { name: runner.submit }).click();
    await expect(two.page.getByRole("heading", { name: runner.done.title })).toBeVisible();
    await two.context.close();

    // The export: -99 for shown and unanswered, an empty cell for not shown.
    const [header, ...rows] = await exportRows(page, study.id);
    const col = (name: string) => header.indexOf(name);
    const byWords = (w: string) => rows.find((r) => r[col("words")] === w)!;
    expect(rows).toHaveLength(2);
    expect(byWords("keyboard")[col("happened")]).toBe(words.yes);
    expect(byWords("keyboard")[col("often")]).toBe("-99");
    expect(byWords("mouse")[col("happened")]).toBe(words.no);
    expect(byWords("mouse")[col("often")]).toBe("");

    // Closed: the runner says so, and passes axe too.
    await api(page, baseURL!, "put", `/api/study/${study.id}`, { status: "finished" });
    const late = await browser.newContext();
    await setLocaleCookie(late, baseURL!, locale);
    const closed = await late.newPage();
    await closed.goto(`/survey/${study.survey_uuid}`);
    await expect(closed.getByText(m.errors.codes["20"])).toBeVisible();
    await expectNoAxeViolations(closed);
    await late.close();
  });
}
