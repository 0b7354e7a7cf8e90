import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { DEFAULT_QUICK_EXIT_URL } from "@/config/quick-exit.shared";
import type { StudyList } from "@/lib/studies/schemas.shared";
import { expectNoAxeViolations } from "../support/e2e/axe";
import { setLocaleCookie } from "../support/e2e/locale";
import { messagesFor } from "../support/e2e/messages";
import { e2eHelpLine, helpToggle } from "../support/e2e/public-site";
import { staticAndNoncePages, withoutPageScripts } from "../support/e2e/without-scripts";

const publicPaths = [
  "/",
  "/vision",
  "/research",
  "/news",
  "/news/news-bystanders",
  "/news/news-genital-response",
  "/news/news-word-threats",
  "/news/news-victim-blaming",
  "/news/news-vulnerable",
  "/news/news-reveal-home",
  "/privacy",
  "/bedankt",
  "/forgot-password",
];

const exitHost = new URL(DEFAULT_QUICK_EXIT_URL).host;

/** The neutral site is not reachable from here; answer for it so the browser can land there. */
async function fakeNeutralSite(page: Page | BrowserContext) {
  await page.route(`https://${exitHost}/**`, (route) =>
    route.fulfill({
      status: 200,
      contentType: "text/html",
      body: "<!doctype html><title>Weer</title><p>Weer</p>",
    }),
  );
}

async function expectLeftTheSite(page: Page) {
  await page.waitForURL((url) => url.href === DEFAULT_QUICK_EXIT_URL);
  await expect(page.locator("p")).toHaveText("Weer");
  await page.goBack().catch(() => null);
  // The site's entry was replaced, so going back cannot return to it.
  expect(page.url()).not.toContain("127.0.0.1");
}

test.describe("quick exit", () => {
  test("the 'Snel weg' control replaces the page with a neutral site", async ({ page }) => {
    await fakeNeutralSite(page);
    await page.goto("/vision");
    const exit = page.getByRole("link", { name: "Snel weg" });
    await expect(exit).toBeVisible();
    await expect(exit).toHaveAccessibleDescription(/twee keer op Escape/);
    await exit.click();
    await expectLeftTheSite(page);
  });

  test("leaving from the survey's own window takes the study page in the other tab along", async ({
    page,
    context,
    request,
  }) => {
    await fakeNeutralSite(context);
    const res = await request.get("/api/study/open");
    const study = ((await res.json()) as StudyList).items.find((s) => s.survey_uuid)!;
    // Each tab listens from its first byte (the inline script), not from when it has hydrated.
    await page.goto(`/study/${study.id}`, { waitUntil: "commit" });
    const [survey] = await Promise.all([
      context.waitForEvent("page"),
      page.getByRole("link", { name: new RegExp(messagesFor("nl").studies.study.enroll) }).click(),
    ]);
    await expect(survey.getByRole("heading", { level: 1 })).toBeVisible();
    await survey.getByRole("link", { name: "Snel weg" }).click();
    await expectLeftTheSite(survey);
    await expectLeftTheSite(page);
  });

  test("a middle click leaves too, in this tab, opening no other", async ({ page, context }) => {
    await fakeNeutralSite(page);
    await page.goto("/vision");
    const opened: string[] = [];
    context.on("page", (other) => opened.push(other.url()));
    await page.getByRole("link", { name: "Snel weg" }).click({ button: "middle" });
    await expectLeftTheSite(page);
    expect(opened).toEqual([]);
  });

  test("works before the page's own scripts have loaded, under either page policy", async ({
    context,
    request,
  }) => {
    const paths = await staticAndNoncePages(request);
    await fakeNeutralSite(context);
    await withoutPageScripts(context);
    const policyErrors: string[] = [];
    // A static page (inline scripts allowed) and a nonce page (the script's hash allowed), each
    // in a tab of its own, so that going back can only find the site if the exit pushed it.
    for (const path of paths) {
      const page = await context.newPage();
      page.on("console", (message) => {
        if (/content.security.policy/i.test(message.text())) policyErrors.push(message.text());
      });
      await page.goto(path);
      await page.evaluate(() => sessionStorage.setItem("survey-answers:kept", "{}"));
      await page.getByRole("link", { name: "Snel weg" }).click();
      await expectLeftTheSite(page);
      await page.goto(path);
      expect(await page.evaluate(() => sessionStorage.length), path).toBe(0);
      await page.evaluate(() => sessionStorage.setItem("survey-answers:kept", "{}"));
      await page.keyboard.press("Escape");
      await page.keyboard.press("Escape");
      await expectLeftTheSite(page);
      await page.goto(path);
      expect(await page.evaluate(() => sessionStorage.length), path).toBe(0);
      await page.close();
    }
    expect(policyErrors).toEqual([]);
  });

  test("Escape pressed twice leaves the site; once does not", async ({ page }) => {
    await fakeNeutralSite(page);
    await page.goto("/news/news-bystanders");
    await page.keyboard.press("Escape");
    await page.waitForTimeout(1800);
    await page.keyboard.press("Escape");
    await page.waitForTimeout(300);
    expect(page.url()).toContain("/news/news-bystanders");
    await page.keyboard.press("Escape");
    await expectLeftTheSite(page);
  });

  test("is labelled in English and works by keyboard on a 320 px screen", async ({
    page,
    context,
    baseURL,
  }) => {
    await setLocaleCookie(context, baseURL!, "en");
    await fakeNeutralSite(page);
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto("/privacy");
    await page.keyboard.press("Tab"); // skip link
    await page.keyboard.press("Tab");
    const exit = page.getByRole("link", { name: "Quick exit" });
    await expect(exit).toBeFocused();
    await expect(exit).toBeInViewport();
    await page.keyboard.press("Enter");
    await expectLeftTheSite(page);
  });
});

test.describe("help widget", () => {
  test("opens and closes by keyboard at 320 px, with focus managed", async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto("/news");
    const toggle = helpToggle(page, "Hulp nodig?");
    const details = toggle.locator("..");
    await expect(details).not.toHaveAttribute("open");
    const panel = details.getByRole("region", { name: "Praat met iemand" });
    await expect(panel).toHaveCount(0);
    // From the top of the page, Shift+Tab reaches the last control: the help button.
    await page.keyboard.press("Shift+Tab");
    await expect(toggle).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(details).toHaveAttribute("open");
    await expect(panel.getByRole("heading", { name: "Praat met iemand" })).toBeFocused();
    await expect(panel).toBeInViewport({ ratio: 1 });
    await expect(panel.getByRole("link", { name: /Bel gratis en anoniem/ })).toHaveAttribute(
      "href",
      e2eHelpLine.phoneHref,
    );
    await expect(panel.getByRole("link", { name: /Bel gratis en anoniem/ })).toContainText(
      e2eHelpLine.phone,
    );
    await expect(panel.getByRole("link", { name: /Chat anoniem/ })).toHaveAttribute(
      "href",
      e2eHelpLine.chatUrl,
    );
    await expect(panel.getByRole("link", { name: /Website van het centrum/ })).toHaveAttribute(
      "href",
      e2eHelpLine.websiteUrl,
    );
    await page.keyboard.press("Tab");
    await expect(panel.getByRole("button", { name: "Hulp sluiten" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(panel.getByRole("link", { name: /Bel gratis en anoniem/ })).toBeFocused();
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await expect(panel).toHaveCount(0);
    await expect(details).not.toHaveAttribute("open");
    await expect(toggle).toBeFocused();
    // The two fixed controls do not cover each other on the narrowest screen.
    const a = (await toggle.boundingBox())!;
    const b = (await page.getByRole("link", { name: "Snel weg" }).boundingBox())!;
    expect(b.x + b.width).toBeLessThanOrEqual(a.x);
  });

  test("works by mouse in English: the close button and a click elsewhere close it", async ({
    page,
    context,
    baseURL,
  }) => {
    await setLocaleCookie(context, baseURL!, "en");
    await page.goto("/vision");
    const toggle = helpToggle(page, "Need help?");
    await toggle.click();
    const panel = page.getByRole("region", { name: "Talk to someone" });
    await expect(panel.getByRole("link", { name: /Call free and anonymously/ })).toBeVisible();
    await panel.getByRole("button", { name: "Close help" }).click();
    await expect(panel).toHaveCount(0);
    await expect(toggle).toBeFocused();
    await toggle.click();
    await expect(panel).toBeVisible();
    await page.getByRole("heading", { level: 1 }).click();
    await expect(panel).toHaveCount(0);
    await toggle.click();
    await expect(panel).toBeVisible();
    await toggle.click();
    await expect(panel).toHaveCount(0);
  });

  test("shows the ways to reach help before the page's own scripts have loaded", async ({
    context,
    request,
  }) => {
    await withoutPageScripts(context);
    for (const path of await staticAndNoncePages(request)) {
      const page = await context.newPage();
      await page.goto(path);
      const toggle = helpToggle(page, "Hulp nodig?");
      const panel = page.getByRole("region", { name: "Praat met iemand" });
      await toggle.click();
      await expect(panel.getByRole("link", { name: /Bel gratis en anoniem/ }), path).toBeVisible();
      await expect(panel.getByRole("link", { name: /Bel gratis en anoniem/ })).toHaveAttribute(
        "href",
        e2eHelpLine.phoneHref,
      );
      // A control that would do nothing without scripts is not offered.
      await expect(panel.getByRole("button")).toHaveCount(0);
      await toggle.click();
      await expect(panel).toHaveCount(0);
      await page.close();
    }
  });
});

test("no public page requests anything from another origin", async ({ page, context, baseURL }) => {
  const foreign: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith("http") && url.hostname !== "127.0.0.1")
      foreign.push(`${page.url()} → ${request.url()}`);
  });
  for (const locale of ["nl", "en"] as const) {
    await setLocaleCookie(context, baseURL!, locale);
    for (const path of publicPaths) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      await helpToggle(page, locale === "en" ? "Need help?" : "Hulp nodig?").click();
      await page.waitForLoadState("networkidle");
    }
  }
  expect(foreign).toEqual([]);
});
