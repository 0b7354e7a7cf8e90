import { expect, test, type APIRequestContext } from "@playwright/test";
import { generate } from "otplib";
import { authTestAccounts } from "../support/e2e/auth-accounts";
import { expectNoAxeViolations } from "../support/e2e/axe";
import { messagesFor } from "../support/e2e/messages";
import { startResendApp, type ResendApp } from "../support/e2e/resend-app";

// STAFF_TWO_FACTOR=required on a server of its own (the main e2e server runs with `optional`, so
// the other journeys' accounts need no second factor): a new account signs in, is sent to its
// account page to set up two-factor, is refused everything else until it has, and then works.
const nl = messagesFor("nl");
const mainPort = Number(process.env.E2E_PORT ?? 3210);
const account = authTestAccounts.twoFactorSetup;
let app: ResendApp;

// The demo seed's invisible study (lib/demo/seed.ts), shown on /study/{id} to staff alone.
const HIDDEN_STUDY = "Interne pilot";

/** How many of the first study pages name `text` (the demo seed's studies have the first ids). */
async function pagesShowing(origin: string, request: APIRequestContext, text: string) {
  let showing = 0;
  for (let id = 1; id <= 12; id++) {
    const res = await request.get(`${origin}/study/${id}`);
    expect(res.status()).toBe(200);
    if ((await res.text()).includes(text)) showing += 1;
  }
  return showing;
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(200_000);
  app = await startResendApp(mainPort + 200, { staffTwoFactor: "required" });
});
test.afterAll(async () => {
  await app?.stop();
});

test("a new staff account sets up two-factor before the portal opens", async ({ page }) => {
  const origin = app.baseURL;
  await page.goto(`${origin}/`);
  await page.getByRole("contentinfo").getByRole("button", { name: "Inloggen" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("E-mailadres").fill(account.email);
  await dialog.getByLabel("Wachtwoord").fill(account.password);
  await dialog.getByRole("button", { name: "Inloggen" }).click();

  // Sent to the account page with the reason, not to the studies.
  await expect(page).toHaveURL(/\/account$/);
  const notice = page.getByRole("status").filter({ hasText: nl.admin.twoFactorSetup.title });
  await expect(notice).toContainText(nl.admin.twoFactorSetup.body);
  await expect(page.getByRole("navigation", { name: "Beheer" }).getByRole("link")).toHaveCount(0);
  await expectNoAxeViolations(page);

  // Every other staff call is refused until then; the account's own calls are not.
  const refused = [
    page.request.get(`${origin}/api/study`),
    page.request.get(`${origin}/api/panel_user`),
    page.request.get(`${origin}/api/panel_message`),
    page.request.post(`${origin}/api/sign_out_others`, { data: {}, headers: { origin } }),
    page.request.post(`${origin}/api/disable_2fa`, {
      data: { totp_code: "123456" },
      headers: { origin },
    }),
  ];
  for (const res of await Promise.all(refused)) {
    expect(res.status(), res.url()).toBe(403);
    expect((await res.json()).error.code).toBe(30);
  }
  const me = await page.request.get(`${origin}/api/whoami`);
  expect(await me.json()).toMatchObject({
    email: account.email,
    two_factor_enabled: false,
    two_factor_setup_required: true,
  });

  // Nor may it preview hidden studies on the public study page: there it counts as a visitor.
  expect(await pagesShowing(origin, page.request, HIDDEN_STUDY)).toBe(0);

  // Any portal page sends the account back to set it up.
  await page.goto(`${origin}/admin/panel`);
  await expect(page).toHaveURL(/\/account$/);
  await expect(notice).toBeVisible();

  await page.getByRole("button", { name: "2FA aanzetten" }).click();
  const modal = page.getByRole("dialog", { name: "2FA aanzetten" });
  const secret = (await modal.getByTestId("totp-secret").textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await modal
    .getByLabel("Code uit de app")
    .fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) }));
  await modal.getByRole("button", { name: "2FA aanzetten" }).click();
  await expect(page.getByText("2FA staat aan")).toBeVisible();
  await expect(page.getByTestId("two-factor-state")).toHaveText("Ja");
  await expect(notice).toHaveCount(0);
  // Required: there is no way to turn it off again.
  await expect(page.getByRole("button", { name: "2FA uitzetten" })).toHaveCount(0);

  // The same session now reaches the portal.
  const studies = await page.request.get(`${origin}/api/study`);
  expect(studies.status()).toBe(200);
  expect(await pagesShowing(origin, page.request, HIDDEN_STUDY)).toBe(1);
  await page
    .getByRole("navigation", { name: "Beheer" })
    .getByRole("link", { name: "Onderzoeken" })
    .click();
  await expect(page).toHaveURL(/\/admin\/studies$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Onderzoeken");
  await expectNoAxeViolations(page);
});
