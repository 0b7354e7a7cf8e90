import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { e2eAccounts } from "../support/e2e/accounts";
import { signIn } from "../support/e2e/auth";
import { expectNoAxeViolations } from "../support/e2e/axe";
import { linkTo, uniqueEmail, waitForMail } from "../support/e2e/panel-mail";
import { E2E_WEBHOOK_SECRET, svixHeaders } from "../support/svix";

let clientCounter = 0;

/** Signs an address up through the API, from a client address of its own (sign-ups are limited per client). */
async function signUpByApi(request: APIRequestContext, baseURL: string, email: string) {
  clientCounter += 1;
  const res = await request.post("/api/panel_user", {
    data: { email },
    headers: {
      origin: baseURL,
      "x-forwarded-for": `10.77.${Math.floor(clientCounter / 200)}.${clientCounter % 200}`,
    },
  });
  expect(res.status()).toBe(200);
}

async function totalMembers(page: Page): Promise<number> {
  const res = await page.request.get("/api/panel_user?per_page=1");
  expect(res.status()).toBe(200);
  return (await res.json()).meta.total_items as number;
}

function rowOf(page: Page, email: string) {
  return page
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name: email, exact: true }) });
}

test.describe("admin: Panel deelnemers", () => {
  test("lists members newest first, ten a page, with the total", async ({
    page,
    request,
    baseURL,
  }) => {
    const newest = uniqueEmail("list");
    for (let i = 0; i < 11; i++)
      await signUpByApi(request, baseURL!, i === 10 ? newest : uniqueEmail("list"));
    await signIn(page, e2eAccounts.admin);
    await page.goto("/admin/panel");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Panel deelnemers");
    const total = await totalMembers(page);
    const pages = Math.ceil(total / 10);
    await expect(page.getByText(`${total} deelnemers in totaal`)).toBeVisible();

    const table = page.getByRole("table", { name: "Deelnemers van het panel, nieuwste eerst" });
    await expect(table.getByRole("row")).toHaveCount(11);
    await expect(table.getByRole("row").nth(1)).toContainText(newest);
    await expect(rowOf(page, newest).getByRole("cell").nth(2)).toHaveText("Niet geverifieerd");
    await expect(page.getByText(`Pagina 1 van ${pages}`)).toBeVisible();
    await expect(page.getByRole("button", { name: "Vorige" })).toBeDisabled();
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Volgende" }).click();
    await expect(page.getByText(`Pagina 2 van ${pages}`)).toBeVisible();
    await expect(rowOf(page, newest)).toHaveCount(0);
    await page.getByRole("button", { name: "Vorige" }).click();
    await expect(rowOf(page, newest)).toHaveCount(1);
  });

  test("resends the verification mail after confirmation; verified members cannot get one", async ({
    page,
    request,
    baseURL,
  }) => {
    const email = uniqueEmail("resend");
    await signUpByApi(request, baseURL!, email);
    const first = await waitForMail(email, 1);
    await signIn(page, e2eAccounts.admin);
    await page.goto("/admin/panel");

    const resend = page.getByRole("button", {
      name: `Verificatiemail opnieuw sturen naar ${email}`,
    });
    await resend.click();
    const dialog = page.getByRole("dialog", { name: "Verificatiemail opnieuw sturen?" });
    await expect(dialog).toContainText(email);
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Opnieuw sturen" }).click();
    await expect(page.getByText("Verificatiemail verstuurd")).toBeVisible();
    await expect(dialog).toBeHidden();

    const second = await waitForMail(email, 2);
    expect(linkTo(second, "/verify-email")).not.toBe(linkTo(first, "/verify-email"));
    await page.goto(linkTo(second, "/verify-email"));
    await page.getByRole("button", { name: "Bevestig mijn e-mailadres" }).click();
    await expect(page.getByText("Je e-mailadres is bevestigd")).toBeVisible();

    await page.goto("/admin/panel");
    await expect(rowOf(page, email).getByRole("cell").nth(2)).toHaveText("Geverifieerd");
    await expect(page.getByRole("button", { name: `${email} is al geverifieerd` })).toBeDisabled();
  });

  test("deletes a member after confirmation and reloads the list", async ({
    page,
    request,
    baseURL,
  }) => {
    const email = uniqueEmail("delete");
    await signUpByApi(request, baseURL!, email);
    await signIn(page, e2eAccounts.admin);
    await page.goto("/admin/panel");
    const before = await totalMembers(page);
    await expect(page.getByText(`${before} deelnemers in totaal`)).toBeVisible();

    const remove = page.getByRole("button", { name: `${email} verwijderen` });
    await remove.click();
    const dialog = page.getByRole("dialog", { name: "Deelnemer verwijderen?" });
    await dialog.getByRole("button", { name: "Annuleren" }).click();
    await expect(dialog).toBeHidden();
    await expect(remove).toBeFocused();
    await expect(rowOf(page, email)).toHaveCount(1);

    await remove.click();
    await dialog.getByRole("button", { name: "Definitief verwijderen" }).click();
    await expect(page.getByText("Deelnemer verwijderd")).toBeVisible();
    await expect(rowOf(page, email)).toHaveCount(0);
    await expect(page.getByText(`${before - 1} deelnemers in totaal`)).toBeVisible();
  });

  test("finds a member by their exact address and deletes them", async ({
    page,
    request,
    baseURL,
  }) => {
    const email = uniqueEmail("search");
    await signUpByApi(request, baseURL!, email);
    await signIn(page, e2eAccounts.admin);
    const urls: string[] = [];
    page.on("request", (req) => urls.push(decodeURIComponent(req.url()).toLowerCase()));
    await page.goto("/admin/panel");
    // The list has loaded: the screen's script is running.
    await expect(page.getByText(/deelnemers in totaal/)).toBeVisible();
    // The result's live region is on the page before the first search, empty, so the first
    // result is announced as it arrives.
    const result = page.locator("main [role=status]").filter({ hasNotText: /./ });
    await expect(result).toHaveCount(1);
    const search = page.getByRole("search");
    await search
      .getByLabel("Zoek op e-mailadres", { exact: true })
      .fill(`  ${email.toUpperCase()} `);
    await search.getByRole("button", { name: "Zoeken" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Eén deelnemer met dit adres" }),
    ).toBeVisible();
    const table = page.getByRole("table");
    await expect(table.getByRole("row")).toHaveCount(2);
    await expect(rowOf(page, email)).toHaveCount(1);
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: `${email} verwijderen` }).click();
    await page
      .getByRole("dialog", { name: "Deelnemer verwijderen?" })
      .getByRole("button", { name: "Definitief verwijderen" })
      .click();
    await expect(page.getByText("Deelnemer verwijderd")).toBeVisible();
    await expect(page.getByText("Geen deelnemer met dit adres")).toBeVisible();
    await expect(rowOf(page, email)).toHaveCount(0);

    await page.getByRole("button", { name: "Alle deelnemers tonen" }).click();
    await expect(page.getByText(/deelnemers in totaal/)).toBeVisible();
    await expect(page.getByText("Geen deelnemer met dit adres")).toHaveCount(0);
    // The address went into no URL the page asked for: the search is a POST body.
    expect(urls.length).toBeGreaterThan(0);
    expect(urls.filter((url) => url.includes(email.toLowerCase()))).toEqual([]);
  });

  test("a member whose address bounced shows as bounced, and mail can be allowed again", async ({
    page,
    request,
    baseURL,
  }) => {
    const email = uniqueEmail("bounced");
    await signUpByApi(request, baseURL!, email);
    // The mail provider reports a permanent bounce, signed as it signs.
    const event = JSON.stringify({
      type: "email.bounced",
      created_at: new Date().toISOString(),
      data: {
        email_id: "4ef9a417-02e9-4d39-ad75-9611e0fcc33c",
        to: [email],
        bounce: { type: "Permanent", subType: "General", message: `No mailbox for ${email}` },
      },
    });
    const res = await request.post("/api/webhooks/resend", {
      data: event,
      headers: svixHeaders(event, E2E_WEBHOOK_SECRET),
    });
    expect(res.status()).toBe(200);

    await signIn(page, e2eAccounts.admin);
    await page.goto("/admin/panel");
    // The list has loaded: the screen's script is running, and the newest member is this one.
    await expect(page.getByText(/deelnemers in totaal/)).toBeVisible();
    await expect(page.getByRole("row").nth(1)).toContainText(email);
    await page.getByLabel("Toon", { exact: true }).selectOption({ label: "Teruggekomen mail" });
    // Only members whose mail bounced are listed.
    await expect(page.getByRole("row").filter({ hasText: "Komt aan" })).toHaveCount(0);
    const row = rowOf(page, email);
    await expect(row).toHaveCount(1);
    await expect(row.getByRole("cell").nth(3)).toContainText("Teruggekomen");
    await expect(row.getByRole("cell").nth(3)).toContainText("soort: General");
    // No resend to an address that bounced: its mail would be suppressed unseen.
    await expect(
      page.getByRole("button", {
        name: `Mail aan ${email} kwam terug: kies eerst Mail weer toestaan`,
      }),
    ).toBeDisabled();
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: `Mail weer toestaan voor ${email}` }).click();
    await page
      .getByRole("dialog", { name: "Mail weer toestaan?" })
      .getByRole("button", { name: "Weer toestaan" })
      .click();
    await expect(page.getByText("Mail aan deze deelnemer is weer toegestaan")).toBeVisible();
    await expect(rowOf(page, email)).toHaveCount(0);

    // Among all members again, mailed as any other.
    const search = page.getByRole("search");
    await search.getByLabel("Zoek op e-mailadres", { exact: true }).fill(email);
    await search.getByRole("button", { name: "Zoeken" }).click();
    await expect(page.getByText("Eén deelnemer met dit adres")).toBeVisible();
    await expect(rowOf(page, email).getByRole("cell").nth(3)).toHaveText("Komt aan");
    await expect(
      page.getByRole("button", { name: `Verificatiemail opnieuw sturen naar ${email}` }),
    ).toBeEnabled();
    await expect(page.getByRole("button", { name: `Mail aan ${email} komt aan` })).toBeDisabled();
  });

  test("staff who are not admins see delete disabled, with the reason", async ({
    page,
    request,
    baseURL,
  }) => {
    const email = uniqueEmail("kept");
    await signUpByApi(request, baseURL!, email);
    await signIn(page, e2eAccounts.staff);
    await page.goto("/admin/panel");
    const remove = page.getByRole("button", { name: `${email} verwijderen` });
    await expect(remove).toBeDisabled();
    await expect(remove).toHaveAccessibleDescription(
      "Alleen admins kunnen deelnemers verwijderen.",
    );
    await expect(rowOf(page, email)).toHaveCount(1);
  });

  test("is not shown to visitors who are not signed in", async ({ page }) => {
    await page.goto("/admin/panel");
    await expect(page).toHaveURL(/\/$/);
    const res = await page.request.get("/api/panel_user");
    expect(res.status()).toBe(401);
  });
});
