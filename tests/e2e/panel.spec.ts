import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/e2e/axe";
import { linkTo, uniqueEmail, waitForMail } from "../support/e2e/panel-mail";

test("join from the home page, verify through the mail, and leave through the stop link", async ({
  page,
}) => {
  const email = uniqueEmail("join");
  await page.goto("/");
  await page.getByLabel("Je e-mailadres").fill(email);
  await page.getByRole("button", { name: "Aanmelden voor het panel" }).click();
  await expect(page).toHaveURL(/\/bedankt$/);

  const mail = await waitForMail(email);
  expect(mail.subject).toBe("Bevestig je aanmelding voor het onderzoekspanel");
  expect(mail.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");

  await page.goto(linkTo(mail, "/verify-email"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("E-mailadres bevestigen");
  // The token is taken out of the address bar (and so the history) as soon as it is read.
  await expect(page).toHaveURL(/\/verify-email$/);
  // Nothing happens until the button is pressed.
  const confirm = page.getByRole("button", { name: "Bevestig mijn e-mailadres" });
  await expect(confirm).toBeVisible();
  await expectNoAxeViolations(page);
  await confirm.click();
  await expect(
    page.getByRole("main").getByRole("status").filter({ hasText: "Je e-mailadres is bevestigd" }),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  // Opening the link again keeps the member confirmed.
  await page.goto(linkTo(mail, "/verify-email"));
  await page.getByRole("button", { name: "Bevestig mijn e-mailadres" }).click();
  await expect(page.getByText("Je e-mailadres is bevestigd")).toBeVisible();

  await page.goto(linkTo(mail, "/stop-participation"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Deelname stoppen");
  await expect(page).toHaveURL(/\/stop-participation$/);
  const leave = page.getByRole("button", { name: "Verwijder mij uit het panel" });
  await expectNoAxeViolations(page);
  // The keyboard alone will do.
  await leave.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("We hebben je uit het panel verwijderd")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Terug naar home" }).click();
  await expect(page).toHaveURL(/\/$/);

  // The member is gone: the same stop link now fails with the translated code 15.
  await page.goto(linkTo(mail, "/stop-participation"));
  await page.getByRole("button", { name: "Verwijder mij uit het panel" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toContainText(
    "Kon je deelname niet stoppen met deze token; gebruik de link in de meest recente e-mail",
  );
  await expectNoAxeViolations(page);
});

test("an English sign-up gets English mails and pages", async ({ page }) => {
  const email = uniqueEmail("english");
  await page.goto("/");
  await page.getByRole("link", { name: "English" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.locator("#panel-email").fill(email);
  await page.locator("#panel-email").press("Enter");
  await expect(page).toHaveURL(/\/bedankt$/);

  const mail = await waitForMail(email);
  expect(mail.subject).toBe("Confirm your sign-up for the research panel");
  await page.goto(linkTo(mail, "/verify-email"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Verify your email");
  await expect(
    page.getByText("Press the button to confirm your sign-up for the research panel."),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Confirm my email address" }).click();
  await expect(page.getByText("Successfully verified email")).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto(linkTo(mail, "/stop-participation"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Deelname stoppen");
  await page.getByRole("button", { name: "Remove me from the panel" }).click();
  await expect(page.getByText("We have removed you from the panel")).toBeVisible();
});

// The page takes the link out of the address as soon as it has read it; choosing a language
// reloads the page, which then found no link ("incomplete link").
test("choosing another language on a mail link's page keeps the link", async ({ page }) => {
  const email = uniqueEmail("switch");
  await page.goto("/");
  await page.getByLabel("Je e-mailadres").fill(email);
  await page.getByRole("button", { name: "Aanmelden voor het panel" }).click();
  await expect(page).toHaveURL(/\/bedankt$/);
  const mail = await waitForMail(email);

  await page.goto(linkTo(mail, "/verify-email"));
  await expect(page.getByRole("button", { name: "Bevestig mijn e-mailadres" })).toBeVisible();
  await expect(page).toHaveURL(/\/verify-email$/);
  const language = page.getByRole("banner").getByRole("group", { name: "Taal" });
  await language.getByRole("link", { name: /English/ }).click();

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Verify your email");
  const confirm = page.getByRole("button", { name: "Confirm my email address" });
  await expect(confirm).toBeVisible();
  await expect(page.getByText("This link is incomplete")).toHaveCount(0);
  // Out of the address bar again once read.
  await expect(page).toHaveURL(/\/verify-email$/);
  await confirm.click();
  await expect(page.getByText("Successfully verified email")).toBeVisible();

  // Once the link has done its work it is let go: a language chosen now does not bring it back.
  await page
    .getByRole("banner")
    .getByRole("group", { name: "Language" })
    .getByRole("link", { name: /Nederlands/ })
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("E-mailadres bevestigen");
  await expect(page.getByText("Deze link is niet compleet")).toBeVisible();
  await expect(page).toHaveURL(/\/verify-email$/);
});

test("a wrong or incomplete verification link shows a translated error", async ({ page }) => {
  // The query form of links in mails sent before tokens moved to the fragment still works.
  await page.goto(
    "/verify-email?panel_user_id=1&verification_token=wrongwrongwrongwrongwrongwrong22",
  );
  await page.getByRole("button", { name: "Bevestig mijn e-mailadres" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toContainText(
    "Kon het e-mailadres niet verifiëren met deze token",
  );
  await expect(page.getByRole("main").getByRole("alert")).toContainText(
    "Meld je op de homepagina opnieuw aan",
  );
  await expectNoAxeViolations(page);

  await page.goto("/verify-email");
  await expect(page.getByRole("main").getByRole("alert")).toContainText(
    "Deze link is niet compleet",
  );
  await page.goto("/stop-participation?panel_user_id=1");
  await expect(page.getByRole("main").getByRole("alert")).toContainText(
    "Deze link is niet compleet",
  );
});

test("signing up a known address looks the same and mails the owner", async ({ page }) => {
  const email = uniqueEmail("twice");
  for (let i = 1; i <= 2; i++) {
    await page.goto("/");
    await page.getByLabel("Je e-mailadres").fill(email);
    await page.getByRole("button", { name: "Aanmelden voor het panel" }).click();
    await expect(page).toHaveURL(/\/bedankt$/);
  }
  const first = await waitForMail(email, 1);
  const second = await waitForMail(email, 2);
  expect(linkTo(second, "/verify-email")).not.toBe(linkTo(first, "/verify-email"));
  // The first link no longer works, the second does.
  await page.goto(linkTo(first, "/verify-email"));
  await page.getByRole("button", { name: "Bevestig mijn e-mailadres" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toContainText(
    "Kon het e-mailadres niet verifiëren",
  );
  await page.goto(linkTo(second, "/verify-email"));
  await page.getByRole("button", { name: "Bevestig mijn e-mailadres" }).click();
  await expect(page.getByText("Je e-mailadres is bevestigd")).toBeVisible();
});

test("the one-click unsubscribe target of the mail header removes the member", async ({
  page,
  request,
}) => {
  const email = uniqueEmail("oneclick");
  await page.goto("/");
  await page.getByLabel("Je e-mailadres").fill(email);
  await page.getByRole("button", { name: "Aanmelden voor het panel" }).click();
  await expect(page).toHaveURL(/\/bedankt$/);
  const mail = await waitForMail(email);
  const target = new URL(mail.headers!["List-Unsubscribe"].slice(1, -1));
  // Opened in a browser, the address removes no one: it leads to the stop page, which reads
  // the token from the fragment the redirect moved it to and takes it out of the address bar.
  await page.goto(`${target.pathname}${target.search}`);
  await expect(page).toHaveURL(/\/stop-participation$/);
  await expect(page.getByRole("button", { name: "Verwijder mij uit het panel" })).toBeVisible();
  // A mail provider's server: no Origin, a form body.
  const res = await request.post(`${target.pathname}${target.search}`, {
    form: { "List-Unsubscribe": "One-Click" },
  });
  expect(res.status()).toBe(200);
  await page.goto(linkTo(mail, "/verify-email"));
  await page.getByRole("button", { name: "Bevestig mijn e-mailadres" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toContainText(
    "Kon het e-mailadres niet verifiëren",
  );
});

test("opening a link, as a mail scanner would, neither confirms nor removes anyone", async ({
  page,
}) => {
  const email = uniqueEmail("scanner");
  await page.goto("/");
  await page.getByLabel("Je e-mailadres").fill(email);
  await page.getByRole("button", { name: "Aanmelden voor het panel" }).click();
  await expect(page).toHaveURL(/\/bedankt$/);
  const mail = await waitForMail(email);

  // A scanner loads both links and runs their scripts, but presses no button.
  for (const path of ["/verify-email", "/stop-participation"]) {
    await page.goto(linkTo(mail, path));
    await expect(page.getByRole("button")).not.toHaveCount(0);
    await page.waitForLoadState("networkidle");
  }

  // Still a member (the stop link did nothing) and still unconfirmed: signing up again sends a
  // new confirmation link, not the "already in the panel" mail.
  await page.goto("/");
  await page.getByLabel("Je e-mailadres").fill(email);
  await page.getByRole("button", { name: "Aanmelden voor het panel" }).click();
  await expect(page).toHaveURL(/\/bedankt$/);
  const second = await waitForMail(email, 2);
  expect(second.subject).toBe("Bevestig je aanmelding voor het onderzoekspanel");

  // The person themselves confirms with the newest link.
  await page.goto(linkTo(second, "/verify-email"));
  await page.getByRole("button", { name: "Bevestig mijn e-mailadres" }).click();
  await expect(page.getByText("Je e-mailadres is bevestigd")).toBeVisible();
});
