import { expect, test, type Page, type Response } from "@playwright/test";
import type { StudyList } from "@/lib/studies/schemas.shared";
import type { PublicSurvey } from "@/lib/surveys/types.shared";

// Rich text reaches the browser already sanitised by the server, so no public page may ship a
// sanitiser: every script a visitor's browser loads on these pages is read and searched.

type Loaded = { url: string; text: string };

// The scripts' URLs are noted as they load and their code fetched afterwards: a response's own
// body is gone once its page is navigated away from, which on a slow machine can happen before
// it was read. The chunks are static files, so the fetched code is what the browser ran.
async function scriptsLoadedBy(page: Page, path: string, ready: () => Promise<void>) {
  const urls = new Set<string>();
  const note = (response: Response) => {
    if (response.request().resourceType() === "script") urls.add(response.url());
  };
  page.on("response", note);
  try {
    await page.goto(path);
    await ready();
    await page.waitForLoadState("networkidle");
  } finally {
    page.off("response", note);
  }
  return Promise.all(
    [...urls].map(async (url): Promise<Loaded> => {
      const response = await page.request.get(url);
      expect(response.ok(), url).toBe(true);
      return { url, text: await response.text() };
    }),
  );
}

/** Names the scripts that carry DOMPurify (its name is in its code and its Trusted Types policy). */
function expectNoSanitiser(scripts: Loaded[]) {
  const carrying = scripts.filter((s) => /dompurify/i.test(s.text)).map((s) => s.url);
  expect(carrying).toEqual([]);
}

test.describe("no sanitiser in the browser", () => {
  let studyId: number;
  let surveyUuid: string;

  test.beforeAll(async ({ request }) => {
    const open = (await (await request.get("/api/study/open")).json()) as StudyList;
    const study = open.items.find((s) => s.survey_uuid !== null)!;
    studyId = study.id;
    surveyUuid = study.survey_uuid!;
    // The runner page below must really render a text block from the API.
    const survey = (await (await request.get(`/api/survey/${surveyUuid}`)).json()) as PublicSurvey;
    expect(survey.steps[0].blocks.some((b) => b.type === "text")).toBe(true);
  });

  // /research and /study/{id} are rendered on the server: the rich text arrives in the HTML,
  // already sanitised, and the browser's scripts must not carry a sanitiser all the same.
  test("on /research, whose HTML holds every study's rich text", async ({ page, request }) => {
    expect(await (await request.get("/research")).text()).toContain('class="prose-content');
    const scripts = await scriptsLoadedBy(page, "/research", async () => {
      await expect(page.locator("[data-ongoing] .prose-content").first()).toBeVisible();
    });
    expect(scripts.length).toBeGreaterThan(3);
    expectNoSanitiser(scripts);
  });

  test("on /study/{id}, whose HTML holds the study's rich text", async ({ page, request }) => {
    expect(await (await request.get(`/study/${studyId}`)).text()).toContain('class="prose-content');
    const scripts = await scriptsLoadedBy(page, `/study/${studyId}`, async () => {
      await expect(page.locator("article .prose-content").first()).toBeVisible();
    });
    expect(scripts.length).toBeGreaterThan(3);
    expectNoSanitiser(scripts);
  });

  test("on the survey runner, whose text blocks are rich text", async ({ page }) => {
    const scripts = await scriptsLoadedBy(page, `/survey/${surveyUuid}`, async () => {
      await expect(page.locator(".prose-content").first()).toBeVisible();
    });
    expect(scripts.some((s) => s.text.includes("dangerouslySetInnerHTML"))).toBe(true);
    expectNoSanitiser(scripts);
  });

  test("on the home page and /my-answers", async ({ page }) => {
    for (const path of ["/", "/my-answers"]) {
      const scripts = await scriptsLoadedBy(page, path, async () => {
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      });
      expect(scripts.length, path).toBeGreaterThan(3);
      expectNoSanitiser(scripts);
    }
  });
});

test("survey text blocks and study texts render in a clipping box", async ({ page, request }) => {
  const open = (await (await request.get("/api/study/open")).json()) as StudyList;
  const study = open.items.find((s) => s.survey_uuid !== null)!;
  for (const path of [`/study/${study.id}`, `/survey/${study.survey_uuid}`]) {
    await page.goto(path);
    const box = page.locator(".prose-content").first();
    await expect(box).toBeVisible();
    const style = await box.evaluate((el) => {
      const s = getComputedStyle(el);
      return { contain: s.contain, overflow: s.overflow };
    });
    expect(style.contain, path).toBe("content");
    expect(style.overflow, path).toBe("hidden");
  }
});
