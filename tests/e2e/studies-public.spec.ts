import {
  expect,
  request as apiRequest,
  test,
  type APIRequestContext,
  type Page,
} from "@playwright/test";
import type { StudyDto } from "@/lib/studies/schemas.shared";
import { e2eAccounts } from "../support/e2e/accounts";
import { signIn } from "../support/e2e/auth";
import { expectNoAxeViolations } from "../support/e2e/axe";
import { setLocaleCookie } from "../support/e2e/locale";
import { messagesFor } from "../support/e2e/messages";
import { withoutPageScripts } from "../support/e2e/without-scripts";

// The demo seed (lib/demo/seed.ts) that every e2e database starts with: two open studies, one finished,
// one not started and one invisible, each with a survey.
const demo = {
  open: ["Omstanders en ingrijpen", "Praten over ervaringen thuis"],
  finished: "Bedreiging met woorden",
  notStarted: "Victim blaming online",
  invisible: "Interne pilot",
};

// Tailwind's accent-600 (#b42318), the red border of ongoing cards.
const RED = "rgb(180, 35, 24)";

/** Every demo study with its status and survey, read with a staff session (the public sees fewer). */
const studies: StudyDto[] = [];

async function staffApi(baseURL: string): Promise<APIRequestContext> {
  const context = await apiRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const { email, password } = e2eAccounts.staff;
  const res = await context.post("/api/login", { data: { email, password } });
  expect(res.status()).toBe(200);
  return context;
}

test.beforeAll(async () => {
  const staff = await staffApi(test.info().project.use.baseURL!);
  const wanted = new Set([...demo.open, demo.finished, demo.notStarted, demo.invisible]);
  for (let id = 1; id <= 50 && studies.length < wanted.size; id++) {
    const res = await staff.get(`/api/study/${id}`);
    if (res.status() !== 200) continue;
    const study = (await res.json()) as StudyDto;
    if (wanted.has(study.name)) studies.push(study);
  }
  await staff.dispose();
  expect(studies.map((s) => s.name).sort()).toEqual([...wanted].sort());
});

function study(name: string): StudyDto {
  return studies.find((s) => s.name === name)!;
}

function cardsIn(page: Page, sectionName: string) {
  return page.getByRole("region", { name: sectionName }).getByRole("article");
}

for (const locale of ["nl", "en"] as const) {
  const m = messagesFor(locale);
  const t = m.studies;
  const notFound = m.errors.codes["14"];

  test.describe(`studies in ${locale}`, () => {
    test.beforeEach(async ({ context, baseURL }) => {
      await setLocaleCookie(context, baseURL!, locale);
    });

    test("/research shows the open studies with a red border and the finished one, nothing else", async ({
      page,
    }) => {
      // Both lists come with the page's HTML: the browser asks the API nothing.
      const apiCalls: string[] = [];
      page.on("request", (r) => {
        const path = new URL(r.url()).pathname;
        if (path.startsWith("/api/")) apiCalls.push(path);
      });
      await page.goto("/research");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.research.title);

      const ongoing = cardsIn(page, t.research.ongoingTitle);
      await expect(ongoing).toHaveCount(demo.open.length);
      // Newest first: the seed creates them in this order, each a day after the one before.
      await expect(ongoing.getByRole("heading", { level: 3 })).toHaveText([...demo.open].reverse());
      for (const name of demo.open) {
        const card = ongoing.filter({ has: page.getByRole("heading", { name }) });
        await expect(card).toHaveCSS("border-top-color", RED);
        await expect(card.getByText(`Een onderzoek over`)).toBeVisible();
      }

      const finished = cardsIn(page, t.research.finishedTitle);
      await expect(finished).toHaveCount(1);
      await expect(finished.getByRole("heading", { level: 3 })).toHaveText(demo.finished);
      await expect(finished).not.toHaveCSS("border-top-color", RED);

      const main = page.getByRole("main");
      await expect(main).not.toContainText(demo.notStarted);
      await expect(main).not.toContainText(demo.invisible);
      await expect(page).toHaveTitle(new RegExp(`^${t.research.metaTitle} · `));
      await expectNoAxeViolations(page);
      await page.waitForLoadState("networkidle");
      expect(apiCalls).toEqual([]);
    });

    test("a card leads to its study: open notice and an enroll button opening the survey in a new window", async ({
      page,
    }) => {
      const target = study(demo.open[0]);
      await page.goto("/research");
      // Chromium puts a space before the visually hidden part of the name ("read more : …").
      await page
        .getByRole("link", { name: new RegExp(`^${t.research.readMore}\\s?: ${target.name}$`) })
        .click();
      await expect(page).toHaveURL(new RegExp(`/study/${target.id}$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(target.name);
      await expect(page.getByRole("status").filter({ hasText: t.study.open })).toBeVisible();
      await expect(
        page.getByRole("main").getByText("In dit onderzoek vragen we naar"),
      ).toBeVisible();

      const enroll = page.getByRole("link", {
        name: `${t.study.enroll} ${t.study.opensInNewWindow}`,
      });
      await expect(enroll).toHaveAttribute("href", `/survey/${target.survey_uuid}`);
      await expect(enroll).toHaveAttribute("target", "_blank");
      await expect(enroll).toHaveAttribute("rel", "noopener noreferrer");
      await expect(page).toHaveTitle(new RegExp(`^${target.name} · `));
      await expectNoAxeViolations(page);

      await page.getByRole("link", { name: t.study.backToStudies }).click();
      await expect(page).toHaveURL(/\/research$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.research.title);
    });

    test("a finished study says it is closed and offers no enrollment", async ({ page }) => {
      const target = study(demo.finished);
      await page.goto(`/study/${target.id}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(target.name);
      await expect(page.getByRole("status").filter({ hasText: t.study.closed })).toBeVisible();
      await expect(
        page.getByRole("main").getByText("In dit onderzoek vragen we naar"),
      ).toBeVisible();
      await expect(page.getByRole("link", { name: new RegExp(t.study.enroll) })).toHaveCount(0);
      await expect(page.locator('a[href^="/survey/"]')).toHaveCount(0);
      await expectNoAxeViolations(page);
    });

    test("an unknown, hidden or malformed id shows 'model not found'", async ({ page }) => {
      for (const id of [
        "999999",
        String(study(demo.invisible).id),
        String(study(demo.notStarted).id),
        "abc",
      ]) {
        await page.goto(`/study/${id}`);
        await expect(page.getByRole("alert").filter({ hasText: notFound }), id).toBeVisible();
        await expect(page.getByRole("main"), id).not.toContainText(demo.invisible);
        await expect(page.getByRole("main"), id).not.toContainText(demo.notStarted);
        await expect(page.getByRole("link", { name: t.study.backToStudies })).toHaveAttribute(
          "href",
          "/research",
        );
      }
      await expectNoAxeViolations(page);
    });

    test("both pages fit a 320 px screen", async ({ page }) => {
      await page.setViewportSize({ width: 320, height: 640 });
      for (const path of ["/research", `/study/${study(demo.open[1]).id}`]) {
        await page.goto(path);
        await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toBeVisible();
        await expect(page.getByRole("main").getByRole("article").first()).toBeVisible();
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width, path).toBeLessThanOrEqual(320);
      }
      await expectNoAxeViolations(page);
    });
  });
}

test("the research page's HTML holds both lists, in each language", async ({
  request,
  baseURL,
}) => {
  for (const locale of ["nl", "en"] as const) {
    const res = await request.get("/research", {
      headers: { cookie: `NEXT_LOCALE=${locale}`, origin: baseURL! },
    });
    expect(res.status()).toBe(200);
    const html = await res.text();
    const t = messagesFor(locale).studies.research;
    expect(html).toContain(t.ongoingTitle);
    // Each study in its own section: the ongoing ones before the finished heading, the
    // finished one after it; hidden ones nowhere.
    const finishedAt = html.indexOf('id="finished-studies"');
    expect(finishedAt).toBeGreaterThan(0);
    for (const name of demo.open) {
      expect(html.indexOf(name), name).toBeGreaterThan(0);
      expect(html.indexOf(name), name).toBeLessThan(finishedAt);
    }
    expect(html.indexOf(demo.finished)).toBeGreaterThan(finishedAt);
    for (const name of [demo.notStarted, demo.invisible]) expect(html).not.toContain(name);
  }
});

test("a study's page holds the study in its HTML: with scripts off it reads the same, and the browser asks the API nothing", async ({
  page,
  context,
  request,
}) => {
  const target = study(demo.open[0]);
  const res = await request.get(`/study/${target.id}`, { headers: { cookie: "NEXT_LOCALE=en" } });
  expect(res.status()).toBe(200);
  // Read per request (staff see hidden studies here): never kept by a shared cache.
  expect(res.headers()["cache-control"]).toContain("no-store");
  const html = await res.text();
  const en = messagesFor("en").studies.study;
  expect(html).toContain(`<title>${target.name} · `);
  expect(html).toContain(target.name);
  expect(html).toContain(en.open);
  expect(html).toContain(`href="/survey/${target.survey_uuid}"`);

  const apiCalls: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname.startsWith("/api/")) apiCalls.push(r.url());
  });
  await withoutPageScripts(context);
  for (const name of [demo.open[1], demo.finished]) {
    await page.goto(`/study/${study(name).id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    await expect(page.getByRole("status")).toBeVisible();
  }
  await expect(page.locator('a[href^="/survey/"]')).toHaveCount(0);
  await page.goto(`/study/${target.id}`);
  await expect(page.locator(`a[href="/survey/${target.survey_uuid}"]`)).toBeVisible();
  expect(apiCalls).toEqual([]);
});

test("a hidden or unknown study's page names nothing of it: not in the title, the social card or the canonical address", async ({
  request,
  baseURL,
}) => {
  for (const name of [demo.invisible, demo.notStarted]) {
    const res = await request.get(`/study/${study(name).id}`);
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html, name).not.toContain(name);
    expect(html, name).toContain(`<link rel="canonical" href="${baseURL}/research"`);
    expect(html, name).toContain('<meta name="robots" content="noindex, follow"');
    // Exactly what an id that never existed gets.
    const unknown = await (await request.get("/study/999999")).text();
    const title = (page: string) => page.match(/<title>[^<]*<\/title>/)?.[0];
    expect(title(html)).toBe(title(unknown));
  }
});

test("signed-in staff can preview a hidden study, which stays closed", async ({ page }) => {
  await signIn(page, e2eAccounts.staff);
  const hidden = study(demo.invisible);
  await page.goto(`/study/${hidden.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(hidden.name);
  await expect(page.getByRole("status").filter({ hasText: "onderzoek is gesloten" })).toBeVisible();
  await expect(page.locator('a[href^="/survey/"]')).toHaveCount(0);
});
