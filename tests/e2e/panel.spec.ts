import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { linkTo, uniqueEmail, waitForMail } from "./support/panel-mail";

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
  await expect(
    page.getByRole("main").getByRole("status").filter({ hasText: "Je e-mailadres is bevestigd" }),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  // The used token is cleared from the address bar (and so from the history).
  await expect(page).toHaveURL(/\/verify-email$/);

  // Opening the link again keeps the member confirmed.
  await page.goto(linkTo(mail, "/verify-email"));
  await expect(page.getByText("Je e-mailadres is bevestigd")).toBeVisible();

  await page.goto(linkTo(mail, "/stop-participation"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Deelname stoppen");
  await expect(page.getByText("We hebben je uit het panel verwijderd")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Terug naar home" }).click();
  await expect(page).toHaveURL(/\/$/);

  // The member is gone: the same stop link now fails with the translated code 15.
  await page.goto(linkTo(mail, "/stop-participation"));
  await expect(page.getByRole("main").getByRole("alert")).toContainText(
    "Kon je deelname niet stoppen met deze token; gebruik de link in de meest recente e-mail",
  );
  await expectNoAxeViolations(page);
});

test("an English sign-up gets English mails and pages", async ({ page }) => {
  const email = uniqueEmail("english");
  await page.goto("/");
  await page.getByRole("button", { name: "English" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.locator("#panel-email").fill(email);
  await page.locator("#panel-email").press("Enter");
  await expect(page).toHaveURL(/\/bedankt$/);

  const mail = await waitForMail(email);
  expect(mail.subject).toBe("Confirm your sign-up for the research panel");
  await page.goto(linkTo(mail, "/verify-email"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Verify your email");
  await expect(page.getByText("Successfully verified email")).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto(linkTo(mail, "/stop-participation"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Deelname stoppen");
  await expect(page.getByText("We have removed you from the panel")).toBeVisible();
});

test("a wrong or incomplete verification link shows a translated error", async ({ page }) => {
  await page.goto(
    "/verify-email?panel_user_id=1&verification_token=wrongwrongwrongwrongwrongwrong22",
  );
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
  await expect(page.getByRole("main").getByRole("alert")).toContainText(
    "Kon het e-mailadres niet verifiëren",
  );
  await page.goto(linkTo(second, "/verify-email"));
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
  // A mail provider's server: no Origin, a form body.
  const res = await request.post(`${target.pathname}${target.search}`, {
    form: { "List-Unsubscribe": "One-Click" },
  });
  expect(res.status()).toBe(200);
  await page.goto(linkTo(mail, "/verify-email"));
  await expect(page.getByRole("main").getByRole("alert")).toContainText(
    "Kon het e-mailadres niet verifiëren",
  );
});
