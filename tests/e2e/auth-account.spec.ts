import { expect, test, type Page } from "@playwright/test";
import { e2eAccounts } from "../support/e2e/accounts";
import { authTestAccounts } from "../support/e2e/auth-accounts";
import { signIn, signOut, totpCode } from "../support/e2e/auth";
import { expectNoAxeViolations } from "../support/e2e/axe";
import { setLocaleCookie } from "../support/e2e/locale";

async function openAccount(page: Page, account: { email: string; password: string }) {
  await signIn(page, account);
  await page.goto("/account");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Account");
}

test.describe("account page", () => {
  test("shows the account and changes the password, with the rules' texts", async ({ page }) => {
    const account = authTestAccounts.changePassword;
    await openAccount(page, account);
    const table = page.getByRole("table", { name: "Je accountgegevens" });
    await expect(table.getByRole("row", { name: /E-mail/ })).toContainText(account.email);
    await expect(table.getByTestId("two-factor-state")).toHaveText("Nee");
    await expect(page.getByText("Deze gebruiker is een admin")).toHaveCount(0);
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Wachtwoord wijzigen" }).click();
    const modal = page.getByRole("dialog", { name: "Wachtwoord wijzigen" });
    await expectNoAxeViolations(page);
    await modal.getByRole("button", { name: "Wachtwoord opslaan" }).click();
    await expect(modal.getByText("Voer een nieuw wachtwoord in")).toBeVisible();
    await expect(modal.getByText("Bevestig je nieuwe wachtwoord")).toBeVisible();
    await modal.getByLabel("Nieuw wachtwoord", { exact: true }).fill("kort");
    await expect(modal.getByText("Je wachtwoord moet 8 tekens of meer hebben")).toBeVisible();
    await modal.getByLabel("Nieuw wachtwoord", { exact: true }).fill("alleenkleine1");
    await expect(
      modal.getByText("Je wachtwoord moet minstens één hoofdletter bevatten"),
    ).toBeVisible();
    await modal.getByLabel("Nieuw wachtwoord", { exact: true }).fill("Nieuw-Wachtw00rd");
    await modal.getByLabel("Bevestig nieuw wachtwoord").fill("Iets-Anders-1");
    await expect(modal.getByText("Wachtwoorden komen niet overeen")).toBeVisible();
    await expect(modal.getByLabel("Bevestig nieuw wachtwoord")).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    await expectNoAxeViolations(page);
    await modal.getByLabel("Bevestig nieuw wachtwoord").fill("Nieuw-Wachtw00rd");
    await modal.getByLabel("Huidig wachtwoord").fill("Niet-Het-Wachtw00rd");
    await modal.getByRole("button", { name: "Wachtwoord opslaan" }).click();
    await expect(modal.getByRole("alert")).toHaveText("Verkeerd wachtwoord");
    // The refusal is about that field: it says so, and has focus to be typed again.
    await expect(modal.getByLabel("Huidig wachtwoord")).toHaveAttribute("aria-invalid", "true");
    await expect(modal.getByLabel("Huidig wachtwoord")).toBeFocused();

    await modal.getByLabel("Huidig wachtwoord").fill(account.password);
    await modal.getByRole("button", { name: "Wachtwoord opslaan" }).click();
    await expect(page.getByText("Je wachtwoord is gewijzigd")).toBeVisible();
    await expect(modal).toHaveCount(0);
    // Focus goes back to the button that opened the dialog.
    await expect(page.getByRole("button", { name: "Wachtwoord wijzigen" })).toBeFocused();

    await signOut(page);
    await signIn(page, { email: account.email, password: "Nieuw-Wachtw00rd" });
  });

  test("turns two-factor on with the QR code's key and off again with a later code", async ({
    page,
  }) => {
    const account = authTestAccounts.toggleTwoFactor;
    await openAccount(page, account);
    await page.getByRole("button", { name: "2FA aanzetten" }).click();
    const modal = page.getByRole("dialog", { name: "2FA aanzetten" });
    await expect(
      modal.getByRole("img", {
        name: "QR-code om dit account aan je authenticator-app toe te voegen",
      }),
    ).toBeVisible();
    const secret = (await modal.getByTestId("totp-secret").textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expectNoAxeViolations(page);
    await modal.getByRole("button", { name: "2FA aanzetten" }).click();
    await expect(modal.getByText("Voer een 6-cijferige code in")).toBeVisible();
    await modal.getByLabel("Code uit de app").fill(await totpCode(secret));
    await modal.getByRole("button", { name: "2FA aanzetten" }).click();
    await expect(page.getByText("2FA staat aan")).toBeVisible();
    await expect(page.getByTestId("two-factor-state")).toHaveText("Ja");

    // Signing in now takes the code.
    const origin = test.info().project.use.baseURL!;
    const login = await page.request.post("/api/login", {
      data: { email: account.email, password: account.password },
      headers: { origin },
    });
    expect(await login.json()).toEqual({ two_factor_required: true });

    await page.getByRole("button", { name: "2FA uitzetten" }).click();
    const off = page.getByRole("dialog", { name: "2FA uitzetten" });
    await off.getByLabel("Code uit de app").fill("000000");
    await off.getByRole("button", { name: "2FA uitzetten" }).click();
    await expect(off.getByRole("alert")).toHaveText("Onjuiste 2FA-code, probeer het opnieuw");
    await expectNoAxeViolations(page);
    // The code that turned it on cannot be used again; the next period's code can.
    await off.getByLabel("Code uit de app").fill(await totpCode(secret, 30));
    await off.getByRole("button", { name: "2FA uitzetten" }).click();
    await expect(page.getByText("2FA staat uit")).toBeVisible();
    await expect(page.getByTestId("two-factor-state")).toHaveText("Nee");
  });

  test("in English the account modals use their own texts", async ({ page, context, baseURL }) => {
    await setLocaleCookie(context, baseURL!, "en");
    await openAccount(page, authTestAccounts.english);
    await expect(page.getByTestId("two-factor-state")).toHaveText("No");
    await page.getByRole("button", { name: "Enable 2FA" }).click();
    const enable = page.getByRole("dialog", { name: "Enable 2FA" });
    await expect(enable.getByTestId("totp-secret")).toBeVisible();
    await enable.getByRole("button", { name: "Enable 2FA" }).click();
    await expect(enable.getByText("please enter a 6 digit code")).toBeVisible();
    await enable.getByLabel("Code from the app").fill("123");
    await expect(enable.getByText("please enter a valid 6 digit code")).toBeVisible();
    await enable.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByTestId("two-factor-state")).toHaveText("No");

    await page.getByRole("button", { name: "Change password" }).click();
    const change = page.getByRole("dialog", { name: "Change password" });
    await change.getByRole("button", { name: "Save password" }).click();
    await expect(change.getByText("please enter a new password")).toBeVisible();
    await expect(change.getByText("please confirm your new password")).toBeVisible();
    await change.getByLabel("New password", { exact: true }).fill("Short1");
    await expect(change.getByText("your password must have 8 characters or more")).toBeVisible();
    await change.getByLabel("New password", { exact: true }).fill("Long-Enough-1");
    await change.getByLabel("Confirm new password").fill("Long-Enough-2");
    await expect(change.getByText("passwords do not match")).toBeVisible();
  });

  test("signs out everywhere else and stays signed in here", async ({ page, browser, baseURL }) => {
    const account = authTestAccounts.signOutOthers;
    const elsewhere = await browser.newContext({ baseURL });
    const otherPage = await elsewhere.newPage();
    await openAccount(otherPage, account);
    await openAccount(page, account);

    await page.getByRole("button", { name: "Overal anders uitloggen" }).click();
    const modal = page.getByRole("dialog", { name: "Overal anders uitloggen" });
    await expect(modal).toContainText("Hier blijf je ingelogd");
    await expectNoAxeViolations(page);
    await modal.getByRole("button", { name: "Elders uitloggen" }).click();
    await expect(modal).toBeHidden();
    await expect(page.getByText(/Uitgelogd uit \d+ andere sessies?/)).toBeVisible();

    // This browser is still in; the other one is sent to the home page.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Account");
    await otherPage.goto("/account");
    await expect(otherPage).toHaveURL(/\/$/);
    await elsewhere.close();
  });

  test("an admin sees the admin note", async ({ page }) => {
    await openAccount(page, e2eAccounts.admin);
    await expect(page.getByText("Deze gebruiker is een admin")).toBeVisible();
  });

  test("deletes the account: signed out, sent home, and the account is gone", async ({ page }) => {
    const account = authTestAccounts.removable;
    await openAccount(page, account);
    await page.getByRole("button", { name: "Account verwijderen" }).click();
    const modal = page.getByRole("dialog", { name: "Account verwijderen" });
    await expectNoAxeViolations(page);
    // The account's own password is asked for: a session alone does not delete it.
    await modal.getByRole("button", { name: "Account verwijderen" }).click();
    await expect(modal.getByText("Voer je wachtwoord in", { exact: true })).toBeVisible();
    await modal.getByLabel("Je wachtwoord").fill("Not-The-Passw0rd");
    await modal.getByRole("button", { name: "Account verwijderen" }).click();
    await expect(modal.getByRole("alert")).toContainText("Verkeerd wachtwoord");
    await expectNoAxeViolations(page);
    await modal.getByLabel("Je wachtwoord").fill(account.password);
    await modal.getByRole("button", { name: "Account verwijderen" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(
      page.getByRole("contentinfo").getByRole("button", { name: "Inloggen" }),
    ).toBeVisible();
    // The home page says what happened (the portal's toasts are gone with it), once.
    const deleted = page.getByRole("main").getByRole("status").filter({
      hasText: "Je account is verwijderd",
    });
    await expect(deleted).toBeVisible();
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => sessionStorage.getItem("flash-notice"))).toBeNull();
    await page.reload();
    // Hydrated (the footer's button opens the sign-in dialog only then), and still no notice.
    await page.getByRole("contentinfo").getByRole("button", { name: "Inloggen" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expect(deleted).toHaveCount(0);
    const origin = test.info().project.use.baseURL!;
    const login = await page.request.post("/api/login", {
      data: { email: account.email, password: account.password },
      headers: { origin },
    });
    expect(login.status()).toBe(401);
    await page.goto("/account");
    await expect(page).toHaveURL(/\/$/);
  });
});
