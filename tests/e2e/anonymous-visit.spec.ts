import { expect, test, type Page } from "@playwright/test";
import { e2eAccounts } from "../support/e2e/accounts";
import { signIn, signOut } from "../support/e2e/auth";

/**
 * An anonymous visit asks nothing about sessions: no /api/whoami request (the footer asks only
 * when the signed-in hint cookie says a session may exist) and nothing in the browser console.
 */

type Study = { id: number; survey_uuid: string | null };

async function publicPages(request: import("@playwright/test").APIRequestContext) {
  const open = (await (await request.get("/api/study/open")).json()) as { items: Study[] };
  const withSurvey = open.items.find((s) => s.survey_uuid);
  expect(withSurvey, "an open study with a survey in the demo data").toBeTruthy();
  return [
    "/",
    "/vision",
    "/research",
    "/news",
    "/news/news-bystanders",
    "/privacy",
    "/my-answers",
    "/forgot-password",
    "/reset-password",
    "/verify-email",
    "/stop-participation",
    "/bedankt",
    `/study/${withSurvey!.id}`,
    `/survey/${withSurvey!.survey_uuid}`,
    // Last: it chooses English for the visit (proxy.ts), and the pages above are seen in Dutch.
    "/en",
  ];
}

/** Records /api/whoami requests and console errors of `page` from now on. */
function watch(page: Page) {
  const whoami: string[] = [];
  const consoleErrors: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === "/api/whoami") whoami.push(r.url());
  });
  page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warning") {
      // Named by the response listener below instead.
      if (!m.text().startsWith("Failed to load resource")) consoleErrors.push(m.text());
    }
  });
  page.on("pageerror", (e) => consoleErrors.push(e.message));
  // The console says only "Failed to load resource"; the address says which one.
  // Link prefetches cut short by the next navigation are aborted, not failed.
  page.on("requestfailed", (r) => {
    if (r.failure()?.errorText !== "net::ERR_ABORTED") {
      consoleErrors.push(`failed ${new URL(r.url()).pathname}`);
    }
  });
  page.on("response", (r) => {
    if (r.status() >= 400) consoleErrors.push(`${r.status()} ${new URL(r.url()).pathname}`);
  });
  return { whoami, consoleErrors };
}

test("an anonymous visit to any public page asks no /api/whoami and logs nothing", async ({
  page,
  request,
}) => {
  const pages = await publicPages(request);
  const seen = watch(page);
  for (const path of pages) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    // The footer's button is there and usable (the island hydrated).
    await expect(page.getByRole("contentinfo").getByRole("button").first()).toBeVisible();
    expect(seen.whoami, path).toEqual([]);
    expect(seen.consoleErrors, path).toEqual([]);
  }
  const cookies = await page.context().cookies();
  expect(cookies.map((c) => c.name)).not.toContain("signed_in");
});

test("signed in, the footer links to the portal; signed out, it stops asking", async ({ page }) => {
  await signIn(page, e2eAccounts.staff);
  const hint = (await page.context().cookies()).find((c) => c.name === "signed_in");
  expect(hint?.value).toBe("1");
  expect(hint?.httpOnly).toBe(false);

  const seen = watch(page);
  await page.goto("/research");
  await expect(page.getByRole("contentinfo").locator('a[href="/admin/studies"]')).toBeVisible();
  expect(seen.whoami).toHaveLength(1);

  await signOut(page);
  expect((await page.context().cookies()).map((c) => c.name)).not.toContain("signed_in");
  seen.whoami.length = 0;
  await page.goto("/research");
  await page.waitForLoadState("networkidle");
  expect(seen.whoami).toEqual([]);
});

test("a stale hint costs one 401, which clears it", async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: "signed_in", value: "1", url: baseURL! }]);
  const seen = watch(page);
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/whoami");
  await page.goto("/news");
  expect((await answered).status()).toBe(401);
  await expect
    .poll(async () => (await page.context().cookies()).map((c) => c.name))
    .not.toContain("signed_in");
  seen.whoami.length = 0;
  await page.goto("/vision");
  await page.waitForLoadState("networkidle");
  expect(seen.whoami).toEqual([]);
  await expect(page.getByRole("contentinfo").getByRole("button").first()).toBeVisible();
});
