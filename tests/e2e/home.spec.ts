import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/e2e/axe";
import { helpToggle } from "../support/e2e/public-site";
import {
  holdPageScripts,
  staticAndNoncePages,
  withoutPageScripts,
} from "../support/e2e/without-scripts";

test("home renders in Dutch by default with the layout", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "nl");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Welkom bij het onderzoekspanel",
  );
  const nav = page.getByRole("navigation", { name: "Hoofdmenu" });
  for (const label of ["Home", "Visie", "Onderzoek", "Nieuws", "Privacy"]) {
    await expect(nav.getByRole("link", { name: label })).toBeVisible();
  }
  await expect(page.getByRole("contentinfo")).toContainText(`© ${new Date().getFullYear()}`);
  await expect(page.getByRole("button", { name: "Inloggen" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("the submit arrow is disabled while the e-mail field is empty", async ({ page }) => {
  await page.goto("/");
  const submit = page.getByRole("button", { name: "Aanmelden voor het panel" });
  await expect(submit).toBeDisabled();
  await page.getByLabel("Je e-mailadres").fill("iemand@example.org");
  await expect(submit).toBeEnabled();
  await page.getByLabel("Je e-mailadres").fill("");
  await expect(submit).toBeDisabled();
});

test("a refused sign-up keeps focus on its button, and pressing it again on the way sends once", async ({
  page,
}) => {
  let requests = 0;
  await page.route("**/api/panel_user", async (route) => {
    requests++;
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.fulfill({
      status: 503,
      contentType: "application/json",
      body: JSON.stringify({ error: { code: 13, message: "Service unavailable" } }),
    });
  });
  await page.goto("/");
  const submit = page.getByRole("button", { name: "Aanmelden voor het panel" });
  const field = page.getByLabel("Je e-mailadres");
  await field.fill("iemand@example.org");
  await submit.focus();
  await page.keyboard.press("Enter");
  await expect(submit).toHaveAttribute("aria-busy", "true");
  await page.keyboard.press("Enter");
  await expect(page.locator("#panel-email-error")).toBeVisible();
  await expect(submit).not.toHaveAttribute("aria-busy");
  // A disabled button would have lost focus to the page while busy.
  await expect(submit).toBeFocused();
  expect(requests).toBe(1);
});

test("an address typed before the page's scripts arrived can be sent once they have", async ({
  page,
  context,
}) => {
  const scriptsArrive = await holdPageScripts(context);
  await page.goto("/", { waitUntil: "domcontentloaded" });
  const submit = page.getByRole("button", { name: "Aanmelden voor het panel" });
  await page.getByLabel("Je e-mailadres").fill(`vroeg-${Date.now()}@example.org`);
  scriptsArrive();
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page).toHaveURL(/\/bedankt$/);
});

test("a sign-up sent before the page's scripts arrived is kept and sent once they have", async ({
  page,
  context,
}) => {
  const scriptsArrive = await holdPageScripts(context);
  await page.goto("/", { waitUntil: "domcontentloaded" });
  const submit = page.getByRole("button", { name: "Aanmelden voor het panel" });
  // Not disabled in the server's HTML: Enter in the field sends the form.
  await expect(submit).toBeEnabled();
  await page.getByLabel("Je e-mailadres").fill(`nog-vroeger-${Date.now()}@example.org`);
  await page.getByLabel("Je e-mailadres").press("Enter");
  // Still here, nothing lost; sent once the scripts have run.
  await expect(page).toHaveURL(/\/$/);
  scriptsArrive();
  await expect(page).toHaveURL(/\/bedankt$/);
});

test("switching to English changes the texts and survives a reload", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("link", { name: "English" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome to the research panel");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  expect(await page.evaluate(() => localStorage.getItem("locale"))).toBe("en");
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome to the research panel");
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Nederlands" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Welkom bij het onderzoekspanel",
  );
});

test("an address that names a language shows the bare one in it, and the browser keeps the choice", async ({
  page,
}) => {
  await page.goto("/");
  await expect.poll(() => page.evaluate(() => localStorage.getItem("locale"))).toBe("nl");
  const response = await page.goto("/en/vision?from=mail");
  expect(response!.request().redirectedFrom()?.url()).toMatch(/\/en\/vision\?from=mail$/);
  await expect(page).toHaveURL(/\/vision\?from=mail$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect.poll(() => page.evaluate(() => localStorage.getItem("locale"))).toBe("en");
  await page.goto("/nl");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "nl");
});

// Paths without a page or a file of their own, with and without a dot (an old `index.html`, a
// mistyped file name), and below the Dutch pages with a dynamic segment at their bare address
// (app/(nl)): each is sent home, as the specification asks of any other path.
for (const unknown of [
  "/this/does/not/exist",
  "/index.html",
  "/nieuws/oud-artikel.php",
  "/research/oud",
  "/news/bestaat-niet",
  "/news/oud/artikel",
  "/study/news/oud",
  "/survey/12/oud",
]) {
  test(`an unknown path lands on the home page: ${unknown}`, async ({ page }) => {
    const response = await page.goto(unknown);
    expect(response?.status()).toBe(200);
    expect(response?.request().redirectedFrom()?.url()).toMatch(new RegExp(`${unknown}$`));
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Welkom bij het onderzoekspanel",
    );
  });
}

test("files that exist are served as they are, and a missing script of Next's is a 404", async ({
  request,
}) => {
  const robots = await request.get("/robots.txt", { maxRedirects: 0 });
  expect(robots.status()).toBe(200);
  expect(robots.headers()["content-type"]).toMatch(/^text\/plain/);
  expect(await robots.text()).toContain("Sitemap:");
  const security = await request.get("/.well-known/security.txt", { maxRedirects: 0 });
  expect(security.status()).toBe(200);
  expect(await security.text()).toContain("Contact:");
  const chunk = await request.get("/_next/static/chunks/missing.js", { maxRedirects: 0 });
  expect(chunk.status()).toBe(404);
});

test("the mobile menu toggles at 320 px", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto("/");
  const toggle = page.locator("header details > summary");
  const menu = page.getByRole("navigation", { name: "Hoofdmenu" });
  await expect(toggle).toHaveAccessibleName("Menu openen");
  await expect(menu).toBeHidden();
  await toggle.click();
  await expect(menu.getByRole("link", { name: "Visie" })).toBeVisible();
  await expect(toggle).toHaveAccessibleName("Menu sluiten");
  await expectNoAxeViolations(page);
  await toggle.click();
  await expect(menu).toBeHidden();
  await expect(toggle).toHaveAccessibleName("Menu openen");
  // By keyboard: Escape closes it and leaves focus on the button.
  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect(menu.getByRole("link", { name: "Visie" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(toggle).toBeFocused();
  // Following a link closes it: the header stays on screen across pages.
  await toggle.click();
  await menu.getByRole("link", { name: "Visie" }).click();
  await expect(page).toHaveURL(/\/vision$/);
  await expect(menu).toBeHidden();
});

test("the mobile menu works before the page's own scripts have loaded", async ({
  page,
  context,
}) => {
  await withoutPageScripts(context);
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto("/");
  const menu = page.getByRole("navigation", { name: "Hoofdmenu" });
  const toggle = page.locator("header details > summary");
  await toggle.click();
  await expect(toggle).toHaveAccessibleName("Menu sluiten");
  // Nothing has hydrated: Escape, which the hydrated menu answers by closing, leaves it open.
  await page.keyboard.press("Escape");
  await expect(menu.getByRole("link", { name: "Visie" })).toBeVisible();
  await menu.getByRole("link", { name: "Visie" }).click();
  await expect(page).toHaveURL(/\/vision$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("security headers are set and no third-party request is made", async ({ page }) => {
  const foreign: string[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (!["127.0.0.1", "localhost"].includes(url.hostname) && url.protocol.startsWith("http"))
      foreign.push(r.url());
  });
  const response = await page.goto("/");
  const headers = response!.headers();
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["referrer-policy"]).toBe("no-referrer");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  await page.waitForLoadState("networkidle");
  expect(foreign).toEqual([]);
});

test("the API refuses foreign origins and unknown paths in the envelope", async ({ request }) => {
  const foreign = await request.post("/api/health", {
    headers: { origin: "https://evil.example" },
  });
  expect(foreign.status()).toBe(403);
  expect(await foreign.json()).toEqual({
    error: { code: 26, message: "Request origin not allowed" },
  });
  const unknown = await request.get("/api/does-not-exist");
  expect(unknown.status()).toBe(404);
  expect((await unknown.json()).error.code).toBe(14);
  const health = await request.get("/api/health");
  expect(await health.json()).toEqual({ status: "ok" });
});

test.describe("with JavaScript switched off", () => {
  test.use({ javaScriptEnabled: false });

  test("pages say what needs it instead of loading forever; the help is there", async ({
    page,
    request,
  }) => {
    for (const path of await staticAndNoncePages(request)) {
      await page.goto(path);
      const notice = page.getByRole("main").getByRole("status").filter({
        hasText: "JavaScript staat uit",
      });
      await expect(notice, path).toContainText("een vragenlijst invullen");
      await helpToggle(page, "Hulp nodig?").click();
      await expect(page.getByRole("link", { name: /Bel gratis en anoniem/ })).toBeVisible();
    }
  });

  test("the language can be chosen, and the page stays", async ({ page, request }) => {
    for (const path of await staticAndNoncePages(request)) {
      await page.goto(path);
      await page.getByRole("link", { name: "English" }).click();
      await expect(page, path).toHaveURL(new RegExp(`${path}$`));
      await expect(page.locator("html"), path).toHaveAttribute("lang", "en");
      const notice = page.getByRole("main").getByRole("status").filter({
        hasText: "JavaScript is off",
      });
      await expect(notice, path).toContainText("filling in a survey");
      await page.getByRole("link", { name: "Nederlands" }).click();
      await expect(page, path).toHaveURL(new RegExp(`${path}$`));
      await expect(page.locator("html"), path).toHaveAttribute("lang", "nl");
    }
  });
});

test("with JavaScript on, no notice about it shows", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText("JavaScript staat uit")).toBeHidden();
});
