import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import type { StudyList } from "@/lib/studies/schemas.shared";
import { expectNoAxeViolations } from "../support/e2e/axe";
import { setLocaleCookie } from "../support/e2e/locale";
import { messagesFor } from "../support/e2e/messages";

// The demo seed (lib/demo/seed.ts): each study's survey has a text and a scale on step 1, and a
// multiple choice (several answers allowed) and an optional open question on step 2.
const openStudy = "Omstanders en ingrijpen";
const finishedStudy = "Bedreiging met woorden";

async function surveyUuidOf(request: APIRequestContext, list: "open" | "finished", name: string) {
  const res = await request.get(`/api/study/${list}`);
  expect(res.status()).toBe(200);
  const study = ((await res.json()) as StudyList).items.find((s) => s.name === name);
  expect(study?.survey_uuid).toBeTruthy();
  return study!.survey_uuid!;
}

/** Every request the page makes, and any cookie a response tries to set. */
function watch(page: Page) {
  const requests: string[] = [];
  const setCookies: string[] = [];
  page.on("request", (req) => requests.push(req.url()));
  page.on("response", async (res) => {
    const header = await res.headerValue("set-cookie");
    if (header) setCookies.push(`${res.url()}: ${header}`);
  });
  return { requests, setCookies };
}

/**
 * The demo survey in Dutch with only its required questions answered (impact 4 on step 1,
 * "Thuis" on step 2), then sent.
 */
async function answerRequiredAndSubmit(page: Page) {
  const t = messagesFor("nl").survey;
  await page.getByRole("radio", { name: "4", exact: true }).check();
  await page.getByRole("button", { name: t.next }).click();
  await page
    .getByRole("group", { name: /Waar speelde dit zich af/ })
    .getByRole("checkbox", { name: "Thuis" })
    .check();
  await page.getByRole("button", { name: t.submit }).click();
}

function progress(page: Page) {
  return page.getByRole("progressbar");
}

for (const locale of ["nl", "en"] as const) {
  const m = messagesFor(locale);
  const t = m.survey;

  test.describe(`survey runner in ${locale}`, () => {
    test.beforeEach(async ({ context, baseURL }) => {
      await setLocaleCookie(context, baseURL!, locale);
    });

    test("answer the survey step by step, keep the token, then see and delete the answers", async ({
      page,
      context,
      request,
      baseURL,
    }) => {
      await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
      const surveyUuid = await surveyUuidOf(request, "open", openStudy);
      const cookiesBefore = (await context.cookies()).map((c) => c.name).sort();
      const seen = watch(page);

      // Loading: hold the survey back to see the spinner.
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(`**/api/survey/${surveyUuid}`, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(`/survey/${surveyUuid}`);
      await expect(page.getByRole("main").getByRole("status")).toHaveText(t.loading);
      await expectNoAxeViolations(page);
      release();

      // Step 1 of 2: a text block and a scale.
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(openStudy);
      await expect(
        page
          .getByText(t.stepOf.replace("{current}", "1").replace("{total}", "2"), { exact: true })
          .first(),
      ).toBeVisible();
      await expect(progress(page)).toHaveAttribute("aria-valuenow", "0");
      await expect(page.getByText("Je antwoorden zijn anoniem.")).toBeVisible();
      await expect(page.getByRole("button", { name: t.previous })).toHaveCount(0);
      await expect(page.getByRole("button", { name: t.submit })).toHaveCount(0);
      await expectNoAxeViolations(page);

      // Next without moving the scale: the scale counts as unanswered.
      await page.getByRole("button", { name: t.next }).click();
      await expect(page.getByRole("main").getByRole("alert")).toHaveText(t.problems.fillInRequired);
      const scale = page.getByRole("radiogroup", {
        name: /Hoe vaak heb je hiermee te maken gehad/,
      });
      await expect(scale).toContainText(t.problems.give_answer);
      await expect(scale.getByRole("radio").first()).toBeFocused();
      await expect(scale.getByRole("radio")).toHaveCount(5);
      await expect(scale).toContainText("Nooit");
      await expect(scale).toContainText("Heel vaak");
      await expectNoAxeViolations(page);

      // Answering clears the error at once (revalidation on input).
      await scale.getByRole("radio", { name: "4", exact: true }).check();
      await expect(page.getByRole("main").getByRole("alert")).toHaveCount(0);
      await expect(scale).not.toContainText(t.problems.give_answer);
      await page.getByRole("button", { name: t.next }).click();

      // Step 2 of 2: the last step submits.
      await expect(
        page
          .getByText(t.stepOf.replace("{current}", "2").replace("{total}", "2"), { exact: true })
          .first(),
      ).toBeVisible();
      await expect(progress(page)).toHaveAttribute("aria-valuenow", "50");
      await expect(page.getByRole("button", { name: t.next })).toHaveCount(0);
      const choice = page.getByRole("group", { name: /Waar speelde dit zich af/ });
      await page.getByRole("button", { name: t.submit }).click();
      await expect(page.getByRole("main").getByRole("alert")).toHaveText(t.problems.fillInRequired);
      await expect(choice).toContainText(t.problems.select_option);
      await expect(choice.getByRole("checkbox").first()).toBeFocused();
      // The open question is optional: no error for it.
      await expect(page.getByText(t.problems.fill_in_answer)).toHaveCount(0);
      await expectNoAxeViolations(page);

      // Previous clears the errors and keeps the answers given.
      await page.getByRole("button", { name: t.previous }).click();
      await expect(page.getByRole("main").getByRole("alert")).toHaveCount(0);
      await expect(progress(page)).toHaveAttribute("aria-valuenow", "0");
      await expect(page.getByRole("radio", { name: "4", exact: true })).toBeChecked();
      await page.getByRole("button", { name: t.next }).click();
      await expect(page.getByText(t.problems.select_option)).toHaveCount(0);

      await choice.getByRole("checkbox", { name: "Thuis" }).check();
      await choice.getByRole("checkbox", { name: "Online" }).check();
      const story = `e2e toelichting ${locale} ${Date.now()}`;
      await page.getByRole("textbox", { name: /Wil je nog iets toelichten/ }).fill(story);

      // A network failure shows the generic text and keeps everything for another try.
      await page.route(`**/api/survey/${surveyUuid}/submit`, (route) => route.abort("failed"));
      await page.getByRole("button", { name: t.submit }).click();
      await expect(page.getByRole("main").getByRole("alert")).toHaveText(m.errors.unknown);
      await page.unroute(`**/api/survey/${surveyUuid}/submit`);
      await page.getByRole("button", { name: t.submit }).click();

      // Done: the token, once, with a copy button; the bar is full.
      await expect(page.getByRole("heading", { level: 2, name: t.done.title })).toBeFocused();
      await expect(progress(page)).toHaveAttribute("aria-valuenow", "100");
      const tokenField = page.getByRole("textbox", { name: t.done.tokenLabel });
      const token = await tokenField.inputValue();
      expect(token).toMatch(/^[a-z2-7]{32}$/);
      await expect(page.getByText(t.done.onceOnly)).toBeVisible();
      // Timed from the click: the toast cannot show before it, and under load the check that
      // it is visible may return a second or more after it showed.
      const clickedAt = Date.now();
      await page.getByRole("button", { name: t.done.copy }).click();
      const toast = page.getByText(t.done.copied);
      await expect(toast).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
      // The toast goes by itself after 4 s.
      await expect(toast).toBeHidden({ timeout: 8000 });
      expect(Date.now() - clickedAt).toBeGreaterThan(3000);
      await expect(page.getByRole("link", { name: m.common.backToHome })).toHaveAttribute(
        "href",
        "/",
      );
      await expectNoAxeViolations(page);

      // Anonymity: no cookie was set, and nothing but this site was asked for anything; the
      // only API calls were the survey's own (and the footer's sign-in check).
      expect(seen.setCookies).toEqual([]);
      expect((await context.cookies()).map((c) => c.name).sort()).toEqual(cookiesBefore);
      const origin = new URL(baseURL!).origin;
      expect(seen.requests.filter((u) => new URL(u).origin !== origin)).toEqual([]);
      const apiCalls = seen.requests
        .map((u) => new URL(u).pathname)
        .filter((p) => p.startsWith("/api/"));
      expect(
        apiCalls.filter((p) => !p.startsWith(`/api/survey/${surveyUuid}`) && p !== "/api/whoami"),
      ).toEqual([]);

      // /my-answers opens in a new tab, the token screen staying where it is; a link within the
      // site asks first. Then the answers are looked up with the token there, and deleted.
      await page.getByRole("link", { name: m.common.backToHome }).click();
      const leave = page.getByRole("dialog", { name: t.done.leaveTitle });
      await expect(leave).toBeVisible();
      await expectNoAxeViolations(page);
      await leave.getByRole("button", { name: t.done.stay }).click();
      await expect(leave).toBeHidden();
      await expect(page.getByRole("textbox", { name: t.done.tokenLabel })).toHaveValue(token);
      const [answers] = await Promise.all([
        context.waitForEvent("page"),
        page.getByRole("link", { name: /\/my-answers/ }).click(),
      ]);
      await expect(page.getByRole("textbox", { name: t.done.tokenLabel })).toHaveValue(token);
      await expect(answers).toHaveURL(/\/my-answers$/);
      await expect(answers.getByRole("heading", { level: 1 })).toHaveText(t.myAnswers.title);
      await expectNoAxeViolations(answers);
      await answers.getByRole("button", { name: t.myAnswers.lookup }).click();
      await expect(answers.getByText(t.myAnswers.tokenRequired)).toBeVisible();
      await answers.getByRole("textbox", { name: t.myAnswers.tokenLabel }).fill(token);
      await answers.getByRole("button", { name: t.myAnswers.lookup }).click();
      const result = answers.getByRole("region", { name: t.myAnswers.resultTitle });
      await expect(result).toContainText(openStudy);
      await expect(result).toContainText("Hoe vaak heb je hiermee te maken gehad?");
      await expect(result).toContainText("Thuis");
      await expect(result).toContainText("Online");
      await expect(result).not.toContainText("Ergens anders");
      await expect(result).toContainText(story);
      expect(answers.url()).not.toContain(token);
      await expectNoAxeViolations(answers);

      await result.getByRole("button", { name: t.myAnswers.delete }).click();
      const dialog = answers.getByRole("dialog", { name: t.myAnswers.confirmTitle });
      await expect(dialog).toBeVisible();
      await expectNoAxeViolations(answers);
      await dialog.getByRole("button", { name: t.myAnswers.confirm }).click();
      await expect(answers.getByText(t.myAnswers.deleted)).toBeVisible();
      await expect(result).toHaveCount(0);
      // The delete button is gone: focus is on the outcome, which is read out from there.
      await expect(answers.locator("#answers-deleted")).toBeFocused();
      await expectNoAxeViolations(answers);

      // The token no longer finds anything.
      await answers.getByRole("textbox", { name: t.myAnswers.tokenLabel }).fill(token);
      await answers.getByRole("button", { name: t.myAnswers.lookup }).click();
      await expect(answers.getByRole("main").getByRole("alert")).toHaveText(t.myAnswers.notFound);
      await expectNoAxeViolations(answers);
    });

    test("a closed study's survey shows code 20 and the 'open studies' button", async ({
      page,
      request,
    }) => {
      const surveyUuid = await surveyUuidOf(request, "finished", finishedStudy);
      await page.goto(`/survey/${surveyUuid}`);
      const alert = page.getByRole("main").getByRole("alert");
      await expect(alert).toContainText(t.loadErrorTitle);
      await expect(alert).toContainText(m.errors.codes["20"]);
      await expect(page.getByRole("progressbar")).toHaveCount(0);
      await expectNoAxeViolations(page);
      await page.getByRole("link", { name: t.openStudies }).click();
      await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    });

    test("an unknown survey shows code 14", async ({ page }) => {
      await page.goto("/survey/8a3c2f4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b");
      await expect(page.getByRole("main").getByRole("alert")).toContainText(m.errors.codes["14"]);
      await expect(page.getByRole("link", { name: t.openStudies })).toBeVisible();
    });
  });
}

test("a submission whose answer was lost is sent again as the same submission, once per press", async ({
  page,
  request,
}) => {
  const t = messagesFor("nl").survey;
  const surveyUuid = await surveyUuidOf(request, "open", openStudy);
  const posts: { submission_id?: string }[] = [];
  let firstToken: string | undefined;
  await page.route(`**/api/survey/${surveyUuid}/submit`, async (route) => {
    posts.push(route.request().postDataJSON());
    if (posts.length === 1) {
      // The server stores the response, but its answer never reaches the browser.
      const answered = await route.fetch();
      firstToken = ((await answered.json()) as { token: string }).token;
      await route.abort("failed");
    } else {
      await route.continue();
    }
  });
  await page.goto(`/survey/${surveyUuid}`);
  await answerRequiredAndSubmit(page);
  await expect(page.getByRole("main").getByRole("alert")).toBeVisible();
  expect(firstToken).toMatch(/^[a-z2-7]{32}$/);

  // Pressed twice in a row: one request, with the same submission id as the lost one.
  await page.getByRole("button", { name: t.submit }).dblclick();
  const tokenField = page.getByRole("textbox", { name: t.done.tokenLabel });
  await expect(tokenField).toHaveValue(firstToken!);
  expect(posts).toHaveLength(2);
  expect(posts[0].submission_id).toMatch(
    /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
  );
  expect(posts[1].submission_id).toBe(posts[0].submission_id);
});

test("Back from the token screen asks first; staying keeps the token, leaving goes back", async ({
  page,
  request,
}) => {
  const t = messagesFor("nl").survey;
  const surveyUuid = await surveyUuidOf(request, "open", openStudy);
  // Any question of the browser's own (before unload) is counted, and answered "leave".
  const browserQuestions: string[] = [];
  page.on("dialog", (dialog) => {
    browserQuestions.push(dialog.type());
    void dialog.accept();
  });
  await page.goto("/news");
  await page.goto(`/survey/${surveyUuid}`);
  await answerRequiredAndSubmit(page);
  const tokenField = page.getByRole("textbox", { name: t.done.tokenLabel });
  const token = await tokenField.inputValue();
  expect(token).toMatch(/^[a-z2-7]{32}$/);

  const leave = page.getByRole("dialog", { name: t.done.leaveTitle });
  for (let round = 0; round < 2; round++) {
    await page.goBack();
    await expect(leave).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/survey/${surveyUuid}$`));
    await leave.getByRole("button", { name: t.done.stay }).click();
    await expect(leave).toBeHidden();
    await expect(tokenField).toHaveValue(token);
  }

  // Leaving: the page before the survey, with no second question from the browser.
  await page.goBack();
  await leave.getByRole("button", { name: t.done.leave }).click();
  await expect(page).toHaveURL(/\/news$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(browserQuestions).toEqual([]);
});

test("a link followed from the token screen leaves no extra history entry behind", async ({
  page,
  request,
}) => {
  const t = messagesFor("nl").survey;
  const m = messagesFor("nl");
  const surveyUuid = await surveyUuidOf(request, "open", openStudy);
  await page.goto("/news");
  await page.goto(`/survey/${surveyUuid}`);
  const entriesBefore = await page.evaluate(() => window.history.length);
  await answerRequiredAndSubmit(page);
  await expect(page.getByRole("textbox", { name: t.done.tokenLabel })).toBeVisible();

  await page.getByRole("link", { name: m.common.backToHome }).click();
  const leave = page.getByRole("dialog", { name: t.done.leaveTitle });
  await leave.getByRole("button", { name: t.done.leave }).click();
  await expect(page).toHaveURL(/\/$/);
  // The home page is the one entry added: Back leads to the survey's address once, not twice.
  expect(await page.evaluate(() => window.history.length)).toBe(entriesBefore + 1);
});

test("after a lost answer and a changed answer, the token of the stored answers is shown, and why", async ({
  page,
  request,
}) => {
  const t = messagesFor("nl").survey;
  const surveyUuid = await surveyUuidOf(request, "open", openStudy);
  const posts: { submission_id?: string; answers?: unknown }[] = [];
  const statuses: number[] = [];
  let firstToken: string | undefined;
  await page.route(`**/api/survey/${surveyUuid}/submit`, async (route) => {
    posts.push(route.request().postDataJSON());
    const answered = await route.fetch();
    statuses.push(answered.status());
    if (posts.length === 1) {
      // Stored by the server; its answer never reaches the browser.
      firstToken = ((await answered.json()) as { token: string }).token;
      await route.abort("failed");
    } else {
      await route.fulfill({ response: answered });
    }
  });
  await page.goto(`/survey/${surveyUuid}`);
  await answerRequiredAndSubmit(page);
  await expect(page.getByRole("main").getByRole("alert")).toBeVisible();

  // Back, another answer, and sent again.
  await page.getByRole("button", { name: t.previous }).click();
  await page.getByRole("radio", { name: "2", exact: true }).check();
  await page.getByRole("button", { name: t.next }).click();
  await page.getByRole("button", { name: t.submit }).click();
  await expect(page.getByRole("textbox", { name: t.done.tokenLabel })).toHaveValue(firstToken!);
  await expect(page.getByText(t.done.earlierTitle)).toBeVisible();
  // The changed answers were refused (28); the first ones, sent again, got their token.
  expect(statuses).toEqual([200, 409, 200]);
  expect(posts[2]).toEqual(posts[0]);
  expect(new Set(posts.map((p) => p.submission_id)).size).toBe(1);
  await expectNoAxeViolations(page);
});

test("the study page's enroll button opens the survey in a new window with the site around it", async ({
  page,
  context,
  request,
}) => {
  const res = await request.get("/api/study/open");
  const study = ((await res.json()) as StudyList).items.find((s) => s.name === openStudy)!;
  await page.goto(`/study/${study.id}`);
  const [popup] = await Promise.all([
    context.waitForEvent("page"),
    page.getByRole("link", { name: new RegExp(messagesFor("nl").studies.study.enroll) }).click(),
  ]);
  await expect(popup).toHaveURL(new RegExp(`/survey/${study.survey_uuid}$`));
  await expect(popup.getByRole("heading", { level: 1 })).toHaveText(openStudy);
  await expect(popup.getByRole("link", { name: "Snel weg" })).toBeVisible();
  await expect(popup.getByRole("contentinfo")).toBeVisible();
});
