import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/e2e/axe";
import { startAppWithoutDatabase } from "../support/e2e/database-away-app";
import { setLocaleCookie } from "../support/e2e/locale";
import { messagesFor } from "../support/e2e/messages";
import { e2eHelpLine, helpToggle } from "../support/e2e/public-site";

// /research reads the studies while it is rendered. On a server that cannot reach its database
// and has no earlier copy of the page (a fresh process, or a copy older than its expiry), the
// render fails: the visitor still gets the public frame, the quick exit and the help line first
// of all, with a way to try again, never the framework's bare error page; and the failure is
// answered 500 and not cached, so the lists come back as soon as the database does.
const nl = messagesFor("nl");
const en = messagesFor("en");
const mainPort = Number(process.env.E2E_PORT ?? 3210);
let app: { baseURL: string; stop: () => Promise<void> };

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(200_000);
  app = await startAppWithoutDatabase(mainPort + 220);
});
test.afterAll(async () => {
  await app?.stop();
});

async function expectFailedInFrame(page: Page, texts: typeof nl) {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(texts.common.pageFailed.title);
  await expect(page.getByRole("main").getByRole("alert")).toHaveText(texts.common.pageFailed.body);
  await expect(page.getByRole("link", { name: texts.help.quickExit.label })).toBeVisible();
  await helpToggle(page, texts.help.toggle).click();
  await expect(page.getByRole("link", { name: new RegExp(e2eHelpLine.phone) })).toBeVisible();
  const retry = page.getByRole("link", { name: texts.common.pageFailed.retry });
  await expect(retry).toHaveAttribute("href", "/research");
}

test("/research in Dutch: the frame, the quick exit and a retry, answered 500 and not cached", async ({
  page,
}) => {
  const res = await page.goto(`${app.baseURL}/research`);
  expect(res?.status()).toBe(500);
  expect(res?.headers()["cache-control"]).toContain("no-store");
  await expectFailedInFrame(page, nl);
  await expectNoAxeViolations(page);

  // The retry asks again, and is answered the same way while the database is still away.
  const again = page.waitForResponse((r) => new URL(r.url()).pathname === "/research");
  await page.getByRole("link", { name: nl.common.pageFailed.retry }).click();
  expect((await again).status()).toBe(500);
  await expectFailedInFrame(page, nl);
});

test("/research in English, through the language cookie", async ({ page, context }) => {
  await setLocaleCookie(context, app.baseURL, "en");
  const res = await page.goto(`${app.baseURL}/research`);
  expect(res?.status()).toBe(500);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expectFailedInFrame(page, en);
});
