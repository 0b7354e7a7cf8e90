import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/e2e/axe";
import { setLocaleCookie } from "../support/e2e/locale";
import { messagesFor } from "../support/e2e/messages";

const messages = { nl: messagesFor("nl"), en: messagesFor("en") };

async function expectMetadata(page: Page, title: string, description: string, siteName: string) {
  await expect(page).toHaveTitle(`${title} · ${siteName}`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", description);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", title);
  await expect(page.locator('meta[property="og:description"]')).toHaveAttribute(
    "content",
    description,
  );
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    "content",
    /\/images\/og-image\.png$/,
  );
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute(
    "content",
    "summary_large_image",
  );
}

for (const locale of ["nl", "en"] as const) {
  const m = messages[locale];

  test.describe(`public pages in ${locale}`, () => {
    test.beforeEach(async ({ context, baseURL }) => {
      await setLocaleCookie(context, baseURL!, locale);
    });

    test("vision: two reasons, three paragraphs and an image", async ({ page }) => {
      await page.goto("/vision");
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(m.vision.title);
      const main = page.getByRole("main");
      for (const text of Object.values(m.vision.paragraphs))
        await expect(main.getByText(text)).toBeVisible();
      await expect(main.getByRole("heading", { level: 2 })).toHaveText(m.vision.reasonsTitle);
      const reasons = main.getByRole("listitem");
      await expect(reasons).toHaveCount(2);
      await expect(reasons.nth(0)).toContainText(m.vision.reasons.help.title);
      await expect(reasons.nth(1)).toContainText(m.vision.reasons.prevent.title);
      const image = main.getByRole("img", { name: m.vision.imageAlt });
      await expect(image).toBeVisible();
      expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      await expectMetadata(page, m.vision.metaTitle, m.vision.metaDescription, m.common.siteName);
      await expectNoAxeViolations(page);
    });

    test("privacy: its title and placeholder, an image and what is stored", async ({ page }) => {
      await page.goto("/privacy");
      const h1 = page.getByRole("heading", { level: 1 });
      await expect(h1).toHaveText(locale === "en" ? "privacy and method" : "privacy en methode");
      const main = page.getByRole("main");
      await expect(
        main.getByText(locale === "en" ? "still to be filled in" : "nog in te vullen", {
          exact: true,
        }),
      ).toBeVisible();
      const image = main.getByRole("img", { name: m.privacy.imageAlt });
      await expect(image).toBeVisible();
      expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      await expect(main.getByRole("heading", { level: 2 })).toHaveText(m.privacy.summary.title);
      for (const group of ["panel", "survey", "never"] as const) {
        await expect(main.getByRole("heading", { name: m.privacy[group].title })).toBeVisible();
        for (const item of Object.values(m.privacy[group].items))
          await expect(main.getByText(item)).toBeVisible();
      }
      for (const section of ["site", "leaving", "safety"] as const) {
        await expect(main.getByRole("heading", { name: m.privacy[section].title })).toBeVisible();
        await expect(main.getByText(m.privacy[section].text)).toBeVisible();
      }
      await expectMetadata(page, m.privacy.metaTitle, m.privacy.metaDescription, m.common.siteName);
      await expectNoAxeViolations(page);
    });

    test("bedankt: thanks, the e-mail notice and a way back home", async ({ page }) => {
      await page.goto("/bedankt");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(m.bedankt.title);
      await expect(
        page.getByText(
          locale === "en" ? "you have received an email" : "je hebt een e-mail ontvangen",
          { exact: true },
        ),
      ).toBeVisible();
      await expect(page.getByText(m.bedankt.nextStep)).toBeVisible();
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
      await expectNoAxeViolations(page);
      await page.getByRole("main").getByRole("link", { name: m.common.backToHome }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        locale === "en" ? "Welcome to the research panel" : "Welkom bij het onderzoekspanel",
      );
    });

    test("the pages fit a 320 px screen without sideways scrolling", async ({ page }) => {
      await page.setViewportSize({ width: 320, height: 640 });
      for (const path of [
        "/vision",
        "/privacy",
        "/bedankt",
        "/news",
        "/news/news-genital-response",
      ]) {
        await page.goto(path);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width, path).toBeLessThanOrEqual(320);
      }
      await page.goto("/privacy");
      await expectNoAxeViolations(page);
    });
  });
}

test("robots.txt keeps private pages out and points at the sitemap", async ({
  request,
  baseURL,
}) => {
  const robots = await request.get("/robots.txt");
  expect(robots.status()).toBe(200);
  const text = await robots.text();
  for (const path of [
    "/admin",
    "/account",
    "/survey/",
    "/my-answers",
    "/reset-password",
    "/verify-email",
    "/stop-participation",
    "/api/",
  ]) {
    expect(text).toContain(`Disallow: ${path}`);
  }
  expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

test("sitemap.xml lists the public pages and nothing private", async ({ request, baseURL }) => {
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.status()).toBe(200);
  const xml = await sitemap.text();
  const urls = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1].replace(baseURL!, ""));
  expect(urls).toEqual(
    expect.arrayContaining([
      "/",
      "/vision",
      "/research",
      "/news",
      "/privacy",
      "/news/news-bystanders",
      "/news/news-reveal-home",
    ]),
  );
  expect(urls).toHaveLength(11);
  for (const url of urls)
    expect(url).not.toMatch(/admin|account|survey|token|reset|verify|stop|bedankt/);
});
