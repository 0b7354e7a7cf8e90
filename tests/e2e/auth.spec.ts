import { expect, test, type Page } from "@playwright/test";
import { e2eAccounts } from "../support/e2e/accounts";
import { authTestAccounts } from "../support/e2e/auth-accounts";
import { signIn, totpCode } from "../support/e2e/auth";
import { expectNoAxeViolations } from "../support/e2e/axe";
import { setLocaleCookie } from "../support/e2e/locale";

function loginDialog(page: Page) {
  return page.getByRole("dialog");
}

test.describe("login dialog", () => {
  test("validates with the Dutch texts, refuses a wrong password and signs in", async ({
    page,
  }) => {
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("button", { name: "Inloggen" }).click();
    const dialog = loginDialog(page);
    await expect(dialog.getByRole("heading", { name: "Inloggen" })).toBeVisible();
    await expectNoAxeViolations(page);

    await dialog.getByRole("button", { name: "Inloggen" }).click();
    await expect(dialog.getByText("Voer je e-mailadres in")).toBeVisible();
    // Revalidates while typing once submitted.
    await dialog.getByLabel("E-mailadres").fill("iemand@");
    await expect(dialog.getByText("Voer een geldig e-mailadres in")).toBeVisible();
    await expect(dialog.getByLabel("E-mailadres")).toHaveAttribute("aria-invalid", "true");

    await dialog.getByLabel("E-mailadres").fill(e2eAccounts.staff.email);
    await dialog.getByLabel("Wachtwoord").fill("Not-The-Passw0rd");
    await dialog.getByRole("button", { name: "Inloggen" }).click();
    await expect(dialog.getByRole("alert")).toHaveText(
      "Kon niet inloggen met dit e-mailadres en wachtwoord",
    );
    await expectNoAxeViolations(page);

    await dialog.getByLabel("Wachtwoord").fill(e2eAccounts.staff.password);
    // The portal is entered with a full page load (it gets its own headers per request), so
    // nothing of the public page's window survives it.
    await page.evaluate(() => Object.assign(window, { beforeSignIn: true }));
    await dialog.getByRole("button", { name: "Inloggen" }).click();
    await expect(page).toHaveURL(/\/admin\/studies$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Onderzoeken");
    expect(await page.evaluate(() => "beforeSignIn" in window)).toBe(false);
    await expect(page.getByRole("button", { name: "Gebruikersmenu" })).toContainText(
      e2eAccounts.staff.email,
    );
  });

  test("closing the dialog resets both steps", async ({ page }) => {
    const account = authTestAccounts.twoFactor;
    await page.goto("/");
    const open = page.getByRole("contentinfo").getByRole("button", { name: "Inloggen" });
    await open.click();
    const dialog = loginDialog(page);
    await dialog.getByRole("button", { name: "Inloggen" }).click();
    await expect(dialog.getByText("Voer je e-mailadres in")).toBeVisible();
    await dialog.getByLabel("E-mailadres").fill(account.email);
    await dialog.getByLabel("Wachtwoord").fill(account.password);
    await dialog.getByRole("button", { name: "Inloggen" }).click();
    await expect(dialog.getByRole("heading", { name: "Tweestapsverificatie" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(open).toBeFocused();

    await open.click();
    await expect(dialog.getByRole("heading", { name: "Inloggen" })).toBeVisible();
    await expect(dialog.getByLabel("E-mailadres")).toHaveValue("");
    await expect(dialog.getByLabel("Wachtwoord")).toHaveValue("");
    await expect(dialog.getByText("Voer je e-mailadres in")).toHaveCount(0);
  });

  test("signs in with two-factor: the second step asks for the code", async ({ page }) => {
    const account = authTestAccounts.twoFactor;
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("button", { name: "Inloggen" }).click();
    const dialog = loginDialog(page);
    await dialog.getByLabel("E-mailadres").fill(account.email);
    await dialog.getByLabel("Wachtwoord").fill(account.password);
    await dialog.getByRole("button", { name: "Inloggen" }).click();

    await expect(dialog.getByRole("heading", { name: "Tweestapsverificatie" })).toBeVisible();
    await expectNoAxeViolations(page);
    const code = dialog.getByLabel("Code");
    await expect(code).toBeFocused();
    await dialog.getByRole("button", { name: "Bevestigen" }).click();
    await expect(dialog.getByText("Voer een 6-cijferige code in")).toBeVisible();
    await code.fill("12345");
    await expect(dialog.getByText("Voer een geldige 6-cijferige code in")).toBeVisible();
    const right = await totpCode(account.totpSecret);
    await code.fill(right === "000000" ? "111111" : "000000");
    await dialog.getByRole("button", { name: "Bevestigen" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Onjuiste 2FA-code, probeer het opnieuw");

    await code.fill(await totpCode(account.totpSecret));
    await dialog.getByRole("button", { name: "Bevestigen" }).click();
    await expect(page).toHaveURL(/\/admin\/studies$/);
    await expect(page.getByRole("button", { name: "Gebruikersmenu" })).toContainText(account.email);
  });

  test("in English: two-factor sign-in, the admin shell, and logging out from the user menu", async ({
    page,
    context,
    baseURL,
  }) => {
    const account = authTestAccounts.twoFactorEn;
    await setLocaleCookie(context, baseURL!, "en");
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("button", { name: "Login" }).click();
    const dialog = loginDialog(page);
    await dialog.getByRole("button", { name: "Log in" }).click();
    await expect(dialog.getByText("Please enter your email address")).toBeVisible();
    await dialog.getByLabel("Email address").fill(account.email);
    await dialog.getByLabel("Password").fill(account.password);
    await dialog.getByRole("button", { name: "Log in" }).click();
    await expect(dialog.getByRole("heading", { name: "Two-factor authentication" })).toBeVisible();
    await dialog.getByRole("button", { name: "Verify" }).click();
    await expect(dialog.getByText("Please enter a 6-digit code")).toBeVisible();
    await dialog.getByLabel("Code").fill(await totpCode(account.totpSecret));
    await dialog.getByRole("button", { name: "Verify" }).click();

    // A new document: its menu answers once its scripts ran, which "load" marks.
    await page.waitForURL(/\/admin\/studies$/, { waitUntil: "load" });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Studies");
    const nav = page.getByRole("navigation", { name: "Admin" });
    for (const label of ["Studies", "Communication", "Panel"]) {
      await expect(nav.getByRole("link", { name: label })).toBeVisible();
    }
    await expect(nav.getByRole("link", { name: "Staff" })).toHaveCount(0);
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "User menu" }).click();
    await expect(page.getByRole("menu")).toContainText(account.email);
    await page.getByRole("menuitem", { name: "Account" }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Account");

    await page.getByRole("button", { name: "User menu" }).click();
    await page.getByRole("menuitem", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(
      page.getByRole("contentinfo").getByRole("button", { name: "Login" }),
    ).toBeVisible();
    await page.goto("/admin/studies");
    await expect(page).toHaveURL(/\/$/);
  });

  test("a failed logout shows the error toast and keeps the user signed in", async ({ page }) => {
    await signIn(page, e2eAccounts.staff);
    await page.goto("/admin/studies");
    await page.route("**/api/logout", (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ error: { code: 13, message: "An unknown error occurred" } }),
      }),
    );
    await page.getByRole("button", { name: "Gebruikersmenu" }).click();
    await page.getByRole("menuitem", { name: "Uitloggen" }).click();
    await expect(
      page.getByText("Uitloggen is niet gelukt, probeer het later opnieuw"),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/studies$/);
  });
});

test.describe("admin shell", () => {
  test("every admin route sends a visitor who is not signed in to the home page", async ({
    page,
    request,
  }) => {
    for (const path of [
      "/admin/studies",
      "/admin/communication",
      "/admin/panel",
      "/admin/staff",
      "/account",
    ]) {
      const res = await request.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBe(307);
      expect(res.headers().location, path).toMatch(/^(http:\/\/[^/]+)?\/$/);
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        "Welkom bij het onderzoekspanel",
      );
    }
    // A cookie that merely looks like a session is not one.
    // (Set from the page: this origin counts as secure, so the prefix's rules are met.)
    await page.evaluate((value) => {
      document.cookie = `__Host-session=${value}; Secure; Path=/; SameSite=Lax`;
    }, "a".repeat(32));
    expect((await page.context().cookies()).map((c) => c.name)).toContain("__Host-session");
    await page.goto("/account");
    await expect(page).toHaveURL(/\/$/);
  });

  test("admins see the staff section; the drawer folds away and opens as a dialog on a phone", async ({
    page,
  }) => {
    await signIn(page, e2eAccounts.admin);
    await page.goto("/admin/studies");
    const nav = page.getByRole("navigation", { name: "Beheer" });
    for (const label of ["Onderzoeken", "Communicatie", "Panel", "Medewerkers"]) {
      await expect(nav.getByRole("link", { name: label })).toBeVisible();
    }
    await expect(nav.getByRole("link", { name: "Onderzoeken" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await page.getByRole("button", { name: "Menu sluiten" }).click();
    await expect(nav).toBeHidden();
    await page.getByRole("button", { name: "Menu openen" }).click();
    await expect(nav).toBeVisible();
    await nav.getByRole("link", { name: "Communicatie" }).click();
    await expect(page).toHaveURL(/\/admin\/communication$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Communicatie");

    await page.setViewportSize({ width: 360, height: 720 });
    await page.getByRole("button", { name: "Menu openen" }).click();
    const drawer = page.getByRole("dialog");
    await expect(drawer.getByRole("link", { name: "Medewerkers" })).toBeVisible();
    await expectNoAxeViolations(page);
    await drawer.getByRole("link", { name: "Medewerkers" }).click();
    await expect(page).toHaveURL(/\/admin\/staff$/);
    await expect(drawer).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Medewerkers");
  });

  test("staff who are not admins have no staff section", async ({ page }) => {
    await signIn(page, e2eAccounts.staff);
    await page.goto("/admin/panel");
    await expect(
      page.getByRole("navigation", { name: "Beheer" }).getByRole("link", { name: "Medewerkers" }),
    ).toHaveCount(0);
    await page.goto("/admin/staff");
    await expect(page.getByRole("main").getByRole("alert")).toHaveText(
      "Dit vereist dat je een admin bent",
    );
    await expectNoAxeViolations(page);
  });
});
