import { expect, test, type Page } from "@playwright/test";

// What public pages must not load (the page-weight budget, BENCHMARKS.md): messages are
// compiled at build time, so no page needs the ICU message parser, and Zod loads only with the
// forms that validate in the browser. Every script the browser loads is read and searched.

async function scriptsLoadedBy(page: Page, path: string) {
  const pending: Promise<{ url: string; text: string }>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    pending.push(response.text().then((text) => ({ url: response.url(), text })));
  });
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");
  return Promise.all(pending);
}

const carrying = (scripts: { url: string; text: string }[], pattern: RegExp) =>
  scripts.filter((s) => pattern.test(s.text)).map((s) => s.url);

for (const path of ["/", "/research", "/news"]) {
  test(`${path} loads no message parser and no Zod`, async ({ page }) => {
    const scripts = await scriptsLoadedBy(page, path);
    // Not vacuous: the footer's island, which formats texts in the browser, was among them.
    expect(carrying(scripts, /LanguageSwitcher/)).not.toEqual([]);
    // intl-messageformat's parser names its syntax errors; Zod's core its sync-parse error.
    expect(carrying(scripts, /MALFORMED_ARGUMENT/)).toEqual([]);
    expect(carrying(scripts, /Encountered Promise during synchronous parse/)).toEqual([]);
  });
}
