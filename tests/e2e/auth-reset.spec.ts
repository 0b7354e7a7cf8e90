import { expect, test } from "@playwright/test";
import { e2eAccounts } from "../support/e2e/accounts";
import { authTestAccounts } from "../support/e2e/auth-accounts";
import { signIn } from "../support/e2e/auth";
import { expectNoAxeViolations } from "../support/e2e/axe";
import { setLocaleCookie } from "../support/e2e/locale";
import { holdPageScripts, postsFrom } from "../support/e2e/without-scripts";
import {
  fragmentParams,
  linkTo,
  mailsTo,
  uniqueEmail,
  waitForMail,
} from "../support/e2e/panel-mail";

test.describe("forgot and reset password", () => {
  test("asks for a reset mail, opens its link and sets a new password (nl)", async ({ page }) => {
    const account = authTestAccounts.forgotPassword;
    await page.goto("/forgot-password");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Oeps, ik ben mijn wachtwoord vergeten",
    );
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Stuur resetmail" }).click();
    await expect(page.getByText("Voer je e-mailadres in")).toBeVisible();
    await page.getByLabel("E-mailadres").fill(account.email);
    await page.getByRole("button", { name: "Stuur resetmail" }).click();
    await expect(page.getByRole("main").getByRole("status")).toHaveText(
      "Als er een gebruiker met dit e-mailadres bestaat, is er een mail verstuurd om het wachtwoord opnieuw in te stellen",
    );

    const mail = await waitForMail(account.email);
    expect(mail.subject).toBe("Je wachtwoord opnieuw instellen");
    const link = linkTo(mail, "/reset-password");
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Wachtwoord opnieuw instellen",
    );
    await expect(page.getByLabel("E-mailadres")).toHaveValue(account.email);
    await expect(page.getByLabel("E-mailadres")).toBeDisabled();
    await expect(page.getByLabel("Resetcode")).toBeDisabled();
    await expect(page.getByLabel("Resetcode")).toHaveValue(
      fragmentParams(link).get("reset_token")!,
    );
    // Once read, the token leaves the address bar and the history entry.
    await expect(page).toHaveURL(/\/reset-password$/);
    await expectNoAxeViolations(page);

    const save = page.getByRole("button", { name: "Wachtwoord opslaan" });
    await save.click();
    await expect(page.getByText("Voer een nieuw wachtwoord in")).toBeVisible();
    await page.getByLabel("Nieuw wachtwoord", { exact: true }).fill("Herstel-Wachtw00rd");
    await page.getByLabel("Bevestig nieuw wachtwoord").fill("Herstel-Wachtw00rx");
    await expect(page.getByText("Wachtwoorden komen niet overeen")).toBeVisible();
    await page.getByLabel("Bevestig nieuw wachtwoord").fill("Herstel-Wachtw00rd");
    await save.click();
    await expect(page.getByRole("main").getByRole("status")).toHaveText(
      "Wachtwoord is opnieuw ingesteld",
    );
    await expect(save).toBeDisabled();
    await signIn(page, { email: account.email, password: "Herstel-Wachtw00rd" });

    // The same link a second time: the server's message.
    await page.goto(link);
    await page.getByLabel("Nieuw wachtwoord", { exact: true }).fill("Nog-Een-Wachtw00rd");
    await page.getByLabel("Bevestig nieuw wachtwoord").fill("Nog-Een-Wachtw00rd");
    await page.getByRole("button", { name: "Wachtwoord opslaan" }).click();
    await expect(page.getByRole("main").getByRole("alert")).toHaveText(
      "Kon het wachtwoord niet herstellen met deze token",
    );
  });

  test("answers an unknown address like a known one and sends nothing (en)", async ({
    page,
    context,
    baseURL,
  }) => {
    await setLocaleCookie(context, baseURL!, "en");
    await page.goto("/forgot-password");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("woops I forgot my password");
    await page.getByLabel("Email address").fill("nope");
    await page.getByRole("button", { name: "send reset email" }).click();
    await expect(page.getByText("please enter a valid email")).toBeVisible();
    const unknown = uniqueEmail("nobody");
    await page.getByLabel("Email address").fill(unknown);
    await page.getByRole("button", { name: "send reset email" }).click();
    await expect(page.getByRole("main").getByRole("status")).toHaveText(
      "if a user with this email exists a reset password mail has been sent",
    );
    await expect(page.getByRole("link", { name: "back to home" })).toHaveAttribute("href", "/");
    await page.waitForTimeout(500);
    expect(mailsTo(unknown)).toHaveLength(0);
  });

  test("a request sent before the page's scripts arrived is sent once, when they have", async ({
    page,
    context,
  }) => {
    const scriptsArrive = await holdPageScripts(context);
    const sent = postsFrom(page);
    await page.goto("/forgot-password", { waitUntil: "domcontentloaded" });
    const email = uniqueEmail("early");
    await page.getByLabel("E-mailadres").fill(email);
    await page.getByLabel("E-mailadres").press("Enter");
    // Not posted to the page itself, which would answer with the same page, empty.
    await page.waitForTimeout(500);
    expect(sent).toEqual([]);
    await expect(page.getByLabel("E-mailadres")).toHaveValue(email);
    scriptsArrive();
    await expect(page.getByRole("main").getByRole("status")).toHaveText(
      "Als er een gebruiker met dit e-mailadres bestaat, is er een mail verstuurd om het wachtwoord opnieuw in te stellen",
    );
    await expect(page).toHaveURL(/\/forgot-password$/);
    expect(sent).toEqual(["/api/forgot_password"]);
  });

  test("a link without its parameters says so and offers a new one", async ({ page }) => {
    await page.goto("/reset-password");
    await expect(page.getByRole("main").getByRole("alert")).toContainText(
      "Deze link is niet compleet",
    );
    await expect(page.getByRole("button", { name: "Wachtwoord opslaan" })).toBeDisabled();
    await expect(page.getByRole("link", { name: "Nieuwe link aanvragen" })).toHaveAttribute(
      "href",
      "/forgot-password",
    );
  });
});

test.describe("staff invitations", () => {
  test("an invitation sent before the portal page hydrated is sent once it has", async ({
    page,
    context,
  }) => {
    await signIn(page, e2eAccounts.admin);
    const scriptsArrive = await holdPageScripts(context);
    const sent = postsFrom(page);
    await page.goto("/admin/staff", { waitUntil: "domcontentloaded" });
    const form = page.getByRole("form", { name: "Medewerker uitnodigen" });
    const email = uniqueEmail("early-invite");
    await form.getByLabel("E-mailadres").fill(email);
    await form.getByLabel("E-mailadres").press("Enter");
    await page.waitForTimeout(500);
    expect(sent).toEqual([]);
    // The page's content hydrates after the rest (under the loading screen's Suspense boundary).
    scriptsArrive();
    await expect(page.getByText(`Uitnodiging verstuurd naar ${email}`)).toBeVisible();
    expect(sent.filter((p) => p === "/api/staff")).toHaveLength(1);
  });

  test("an admin invites someone, who chooses a password through the mailed link", async ({
    page,
    browser,
    baseURL,
  }) => {
    const email = uniqueEmail("invited");
    await signIn(page, e2eAccounts.admin);
    await page.goto("/admin/staff");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Medewerkers");
    await expectNoAxeViolations(page);
    const form = page.getByRole("form", { name: "Medewerker uitnodigen" });
    await form.getByRole("button", { name: "Uitnodiging versturen" }).click();
    await expect(form.getByText("Voer een e-mailadres in")).toBeVisible();
    await form.getByLabel("E-mailadres").fill(email);
    await form.getByLabel("Naam (optioneel)").fill("Nieuwe Collega");
    await form.getByRole("button", { name: "Uitnodiging versturen" }).click();
    await expect(page.getByText(`Uitnodiging verstuurd naar ${email}`)).toBeVisible();
    const row = page.getByRole("row").filter({ hasText: email });
    await expect(row).toContainText("Uitgenodigd");

    const mail = await waitForMail(email);
    const link = linkTo(mail, "/reset-password");
    expect(link).toMatch(/^\/reset-password#email=.*&invite=1$/);

    const invited = await browser.newContext({ baseURL });
    const invitedPage = await invited.newPage();
    await invitedPage.goto(link);
    await expect(invitedPage.getByRole("heading", { level: 1 })).toHaveText("Kies je wachtwoord");
    await invitedPage.getByLabel("Nieuw wachtwoord", { exact: true }).fill("Gekozen-Wachtw00rd");
    await invitedPage.getByLabel("Bevestig nieuw wachtwoord").fill("Gekozen-Wachtw00rd");
    await invitedPage.getByRole("button", { name: "Wachtwoord opslaan" }).click();
    await expect(invitedPage.getByRole("main").getByRole("status")).toHaveText(
      "Wachtwoord is opnieuw ingesteld",
    );
    await signIn(invitedPage, { email, password: "Gekozen-Wachtw00rd" });
    await invitedPage.goto("/admin/studies");
    await expect(invitedPage.getByRole("button", { name: "Gebruikersmenu" })).toContainText(email);
    await invited.close();

    await page.reload();
    const member = page.getByRole("row").filter({ hasText: email });
    await expect(member).toContainText("Actief");

    // Granting admin rights asks for the admin's own password.
    await member.getByRole("button", { name: "Admin maken" }).click();
    const grant = page.getByRole("dialog", { name: "Admin maken" });
    await expect(grant).toContainText(email);
    await expect(grant.getByLabel("Je wachtwoord")).toBeFocused();
    await expectNoAxeViolations(page);
    await grant.getByRole("button", { name: "Admin maken" }).click();
    await expect(grant.getByText("Voer je wachtwoord in", { exact: true })).toBeVisible();
    await grant.getByLabel("Je wachtwoord").fill("Not-The-Passw0rd");
    await grant.getByLabel("Je wachtwoord").press("Enter");
    await expect(grant.getByRole("alert")).toContainText("Verkeerd wachtwoord");
    await grant.getByLabel("Je wachtwoord").fill(e2eAccounts.admin.password);
    await grant.getByRole("button", { name: "Admin maken" }).click();
    await expect(grant).toBeHidden();
    await expect(page.getByText("Rol aangepast")).toBeVisible();
    await expect(member.getByRole("cell").nth(2)).toHaveText("Admin");

    await member.getByRole("button", { name: "Verwijderen" }).click();
    const confirm = page.getByRole("dialog", { name: "Medewerker verwijderen" });
    await expect(confirm).toContainText(email);
    await expectNoAxeViolations(page);
    await confirm.getByLabel("Je wachtwoord").fill(e2eAccounts.admin.password);
    await confirm.getByRole("button", { name: "Verwijderen" }).click();
    await expect(page.getByText("Medewerker verwijderd")).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: email })).toHaveCount(0);
  });
});
