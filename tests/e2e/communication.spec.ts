import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import type { FakeAcceptedEmail } from "../support/fake-resend";
import { e2eAccounts } from "../support/e2e/accounts";
import { expectNoAxeViolations } from "../support/e2e/axe";
import { messagesFor } from "../support/e2e/messages";
import { startResendApp, type ResendApp } from "../support/e2e/resend-app";

// The communication screen against a server whose mails go to a fake Resend the test reads
// (see support/resend-app.ts), so the test sees what the provider was asked to send.
const nl = messagesFor("nl").panelMessages.screen;
const autosave = messagesFor("nl").autosave;
const mainPort = Number(process.env.E2E_PORT ?? 3210);
let app: ResendApp;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(200_000);
  app = await startResendApp(mainPort + 100);
});
test.afterAll(async () => {
  await app?.stop();
});

/** Signs the page's context in on the second server (the helper in auth.ts uses the main one). */
async function signIn(page: Page): Promise<void> {
  const res = await page.request.post(`${app.baseURL}/api/login`, {
    data: { email: e2eAccounts.admin.email, password: e2eAccounts.admin.password },
    headers: { origin: app.baseURL },
  });
  expect(res.status()).toBe(200);
}

function mailsWithSubject(subject: string): FakeAcceptedEmail[] {
  return app.fake.delivered.filter((mail) => mail.subject === subject);
}

/** Joins the panel with `email` and confirms it through the link of the mail the provider got. */
async function verifiedMember(request: APIRequestContext, email: string): Promise<void> {
  const res = await request.post(`${app.baseURL}/api/panel_user`, {
    data: { email },
    headers: { origin: app.baseURL },
  });
  expect(res.status()).toBe(200);
  await expect
    .poll(() => app.fake.delivered.filter((m) => m.to.includes(email)).length)
    .toBeGreaterThan(0);
  const mail = app.fake.delivered.find((m) => m.to.includes(email))!;
  const href = /href="([^"]*\/verify-email#[^"]*)"/.exec(mail.html ?? "")?.[1];
  expect(href, "verification link").toBeTruthy();
  const query = new URLSearchParams(new URL(href!.replaceAll("&amp;", "&")).hash.slice(1));
  const verify = await request.post(`${app.baseURL}/api/panel_user/verify_email`, {
    data: {
      panel_user_id: query.get("panel_user_id"),
      verification_token: query.get("verification_token"),
    },
    headers: { origin: app.baseURL },
  });
  expect(verify.status()).toBe(200);
}

/** Every verified member's address, from the staff API. */
async function verifiedAddresses(page: Page): Promise<string[]> {
  const res = await page.request.get(`${app.baseURL}/api/panel_user?per_page=100`);
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { items: { email: string; is_verified: boolean }[] };
  return body.items
    .filter((m) => m.is_verified)
    .map((m) => m.email)
    .sort();
}

function listEntry(page: Page, subject: string) {
  return page
    .getByRole("list", { name: nl.listLabel })
    .getByRole("button", { name: new RegExp(`^${subject}`) });
}

async function openCommunication(page: Page) {
  await page.goto(`${app.baseURL}/admin/communication`);
  await expect(page.getByRole("heading", { level: 1, name: "Communicatie" })).toBeVisible();
  await expect(page.getByRole("list", { name: nl.listLabel })).toBeVisible();
}

test("a new message: subject in place, body autosaved, a test mail, then sent to every verified member", async ({
  page,
}) => {
  test.setTimeout(120_000);
  for (const n of [1, 2, 3]) await verifiedMember(page.request, `comm-member-${n}@example.org`);
  await signIn(page);
  const recipients = await verifiedAddresses(page);
  expect(recipients.length).toBeGreaterThanOrEqual(5);

  await openCommunication(page);
  await expect(page.getByText(nl.selectMessage)).toBeVisible();
  await page.getByRole("button", { name: nl.newMessage }).click();
  const created = listEntry(page, "new message");
  await expect(created).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("heading", { level: 2, name: "new message" })).toBeVisible();
  await expect(created).toContainText(nl.status.not_sent);
  await expectNoAxeViolations(page);

  // The subject, by keyboard: the pencil, type, Enter.
  await page.getByRole("button", { name: nl.editSubject }).click();
  const subject = `Uitnodiging onderzoek ${Date.now().toString(36)}`;
  await page.getByRole("textbox", { name: nl.subject }).fill(subject);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 2, name: subject })).toBeVisible();
  await expect(listEntry(page, subject)).toBeVisible();

  // The body, autosaved 3 seconds after the last change; a reload finds it.
  const body = page.getByRole("textbox", { name: nl.body, exact: true });
  await page.getByRole("button", { name: nl.editBody }).click();
  await body.click();
  await page.keyboard.type("Beste panellid, er is een nieuw onderzoek.");
  await expect(page.getByText(autosave.unsaved)).toBeVisible();
  await expect(page.getByText(autosave.saved)).toBeVisible({ timeout: 10_000 });
  await expectNoAxeViolations(page);
  await page.reload();
  await listEntry(page, subject).click();
  await expect(page.getByText("Beste panellid, er is een nieuw onderzoek.")).toBeVisible();
  await expectNoAxeViolations(page);

  // Typed and tested at once: the test mail carries the words typed last.
  await page.getByRole("button", { name: nl.editBody }).click();
  await body.click();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.type(" Doe je mee?");
  await page.getByRole("button", { name: nl.sendTest }).click();
  await expect(
    page.getByText(`Er is een testmail gestuurd naar ${e2eAccounts.admin.email}`),
  ).toBeVisible();
  const testMail = app.fake.delivered.find(
    (m) => m.to.includes(e2eAccounts.admin.email) && m.subject === `[test] ${subject}`,
  );
  expect(testMail?.html).toContain("Doe je mee?");
  expect(mailsWithSubject(subject)).toEqual([]);

  // Typed and sent at once: every mail carries the last words. Whether the send's own flush or
  // the 3-second autosave stored them depends on how fast this machine types and clicks; that
  // Send saves a waiting autosave first is proven apart from any clock in
  // tests/components/communication/communication-admin.test.tsx.
  await body.click();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.type(" Tot snel!");
  // Send, with the confirmation naming how many members will receive it.
  await page.getByRole("button", { name: nl.send, exact: true }).click();
  const dialog = page.getByRole("dialog", { name: nl.confirmSendTitle });
  await expect(dialog).toContainText(`${recipients.length} geverifieerde deelnemers ontvangen`);
  await dialog.getByRole("button", { name: nl.confirmSend }).click();
  await expect(page.getByText(nl.sent)).toBeVisible();
  await expect(dialog).toBeHidden();

  // Progress until sent, within seconds.
  await expect(
    page.getByText(
      `Verzonden: de maildienst heeft ${recipients.length} van ${recipients.length} mails aangenomen.`,
    ),
  ).toBeVisible({ timeout: 20_000 });
  await expect(
    page.getByText(
      `${recipients.length} aangenomen door de maildienst, 0 mislukt, 0 teruggekomen (bounce), van ${recipients.length}`,
    ),
  ).toBeVisible();
  await expect(listEntry(page, subject)).not.toContainText(nl.status.not_sent);
  await expect(listEntry(page, subject)).toContainText(nl.status.sent);
  await expect(page.getByRole("button", { name: nl.send, exact: true })).toBeDisabled();
  await expect(page.getByRole("button", { name: nl.delete })).toBeDisabled();
  await expect(page.getByRole("button", { name: nl.editSubject })).toHaveCount(0);

  // The provider got one mail per verified member, each with that member's stop link.
  const mails = mailsWithSubject(subject);
  expect(mails.map((m) => m.to.join(",")).sort()).toEqual(recipients);
  for (const mail of mails) {
    expect(mail.html).toContain("Doe je mee? Tot snel!");
    expect(mail.text).toContain("Tot snel!");
    expect(mail.html).toContain("/stop-participation#panel_user_id=");
    expect(mail.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  }
  await expectNoAxeViolations(page);
});

test("delete asks first and removes the draft from the list", async ({ page }) => {
  await signIn(page);
  await openCommunication(page);
  await page.getByRole("button", { name: nl.newMessage }).click();
  await page.getByRole("button", { name: nl.editSubject }).click();
  const subject = `Weg ermee ${Date.now().toString(36)}`;
  await page.getByRole("textbox", { name: nl.subject }).fill(subject);
  await page.keyboard.press("Enter");
  await expect(listEntry(page, subject)).toBeVisible();

  await page.getByRole("button", { name: nl.delete }).click();
  const dialog = page.getByRole("dialog", { name: nl.confirmDeleteTitle });
  await expect(dialog.getByRole("button", { name: "Annuleren" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(listEntry(page, subject)).toBeVisible();

  await page.getByRole("button", { name: nl.delete }).click();
  await dialog.getByRole("button", { name: nl.confirmDelete }).click();
  await expect(page.getByText(nl.deleted)).toBeVisible();
  await expect(listEntry(page, subject)).toHaveCount(0);
  await expect(page.getByText(nl.selectMessage)).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
});

test("two tabs on one draft: the second's save is refused, and it chooses what stays", async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  await signIn(page);
  const subject = `Twee tabbladen ${Date.now().toString(36)}`;
  const created = await page.request.post(`${app.baseURL}/api/panel_message`, {
    data: { subject },
    headers: { origin: app.baseURL },
  });
  expect(created.ok()).toBe(true);
  const other = await context.newPage();
  for (const tab of [page, other]) {
    await openCommunication(tab);
    await listEntry(tab, subject).click();
    await expect(tab.getByRole("button", { name: nl.editSubject })).toBeVisible();
  }

  // The first tab writes the body and saves it.
  await page.getByRole("button", { name: nl.editBody }).click();
  await page.getByRole("textbox", { name: nl.body, exact: true }).click();
  await page.keyboard.type("Geschreven in het eerste tabblad.");
  await page.getByRole("button", { name: nl.finishBody }).click();
  await expect(page.getByText("Geschreven in het eerste tabblad.")).toBeVisible();

  // The second tab, opened before that, changes the subject: refused, and it says so.
  await other.getByRole("button", { name: nl.editSubject }).click();
  await other.getByRole("textbox", { name: nl.subject }).fill(`${subject} (herzien)`);
  await other.keyboard.press("Enter");
  const notice = other.getByRole("alert").filter({ hasText: nl.conflictTitle });
  await expect(notice).toBeVisible();
  await expectNoAxeViolations(other);
  // The notice's text is announced; its buttons sit beside it.
  await other.getByRole("button", { name: nl.conflictKeepMine }).click();
  await expect(notice).toBeHidden();
  await expect(
    other.getByRole("heading", { level: 2, name: `${subject} (herzien)` }),
  ).toBeVisible();
  // Both changes are kept: the first tab's body is shown in the second, and stored.
  await expect(other.getByText("Geschreven in het eerste tabblad.")).toBeVisible();
  const { id } = (await created.json()) as { id: number };
  const stored = await page.request.get(`${app.baseURL}/api/panel_message/${id}`);
  expect(await stored.json()).toMatchObject({
    subject: `${subject} (herzien)`,
    body: "<p>Geschreven in het eerste tabblad.</p>",
  });
  await other.close();
});

test("a message without its own subject or a body is refused before the confirmation", async ({
  page,
}) => {
  await signIn(page);
  await openCommunication(page);
  await page.getByRole("button", { name: nl.newMessage }).click();
  await expect(page.getByRole("heading", { level: 2, name: "new message" })).toBeVisible();
  await page.getByRole("button", { name: nl.send, exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: nl.sendNeedsSubject })).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  await page.getByRole("button", { name: nl.editSubject }).click();
  await page.getByRole("textbox", { name: nl.subject }).fill(`Leeg ${Date.now().toString(36)}`);
  await page.keyboard.press("Enter");
  await page.getByRole("button", { name: nl.send, exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: nl.sendNeedsBody })).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

/** Unix seconds of `date` (YYYY-MM-DD) at `time` (HH:mm) on Amsterdam's clocks, away from a clock change. */
function amsterdamSeconds(date: string, time: string): number {
  const [y, m, d] = date.split("-").map(Number);
  const [h, min] = time.split(":").map(Number);
  const wall = Date.UTC(y, m - 1, d, h, min);
  const shown = new Date(wall).toLocaleString("sv-SE", { timeZone: "Europe/Amsterdam" });
  const offset = Date.parse(`${shown.replace(" ", "T")}Z`) - wall;
  return (wall - offset) / 1000;
}

test.describe("on a computer set to another time zone", () => {
  test.use({ timezoneId: "America/New_York" });

  test("schedule a message, see it scheduled, cancel, schedule again", async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page);
    // A draft with a subject and a body, made through the API as the screen would.
    const subject = `Ingepland ${Date.now().toString(36)}`;
    const created = await page.request.post(`${app.baseURL}/api/panel_message`, {
      data: { subject },
      headers: { origin: app.baseURL },
    });
    expect(created.ok()).toBe(true);
    const { id } = (await created.json()) as { id: number };
    const put = await page.request.put(`${app.baseURL}/api/panel_message/${id}`, {
      data: { body: "<p>Over een week begint een nieuw onderzoek.</p>" },
      headers: { origin: app.baseURL },
    });
    expect(put.status()).toBe(200);

    await openCommunication(page);
    await listEntry(page, subject).click();
    const tomorrow = new Date(Date.now() + 36 * 3600_000).toLocaleDateString("en-CA", {
      timeZone: "Europe/Amsterdam",
    });

    async function schedule(time: string) {
      await page.getByRole("button", { name: nl.send, exact: true }).click();
      const dialog = page.getByRole("dialog", { name: nl.confirmSendTitle });
      await dialog.getByRole("radio", { name: nl.schedule.later }).check();
      await expect(dialog.getByText(nl.schedule.zoneNote)).toBeVisible();
      await dialog.getByLabel(nl.schedule.date).fill(tomorrow);
      await dialog.getByLabel(nl.schedule.time).fill(time);
      await expect(dialog.getByText(new RegExp(`Het wordt verzonden op .*${time}`))).toBeVisible();
      await expectNoAxeViolations(page);
      await dialog.getByRole("button", { name: nl.confirmSchedule }).click();
      await expect(dialog).toBeHidden();
      await expect(
        page.getByText(new RegExp(`Ingepland voor .*${time} \\(Nederlandse tijd\\)`)),
      ).toBeVisible();
      await expect(listEntry(page, subject)).toContainText(nl.status.scheduled);
      await expect(page.getByRole("button", { name: nl.send, exact: true })).toBeDisabled();
    }

    await schedule("10:15");
    await page.reload();
    await listEntry(page, subject).click();
    await expect(page.getByText(/Ingepland voor .*10:15/)).toBeVisible();

    await page.getByRole("button", { name: nl.cancelSchedule }).click();
    await expect(page.getByText(nl.cancelled)).toBeVisible();
    await expect(listEntry(page, subject)).toContainText(nl.status.not_sent);
    await expect(page.getByRole("button", { name: nl.send, exact: true })).toBeEnabled();

    await schedule("11:45");
    // Stored as 11:45 on Amsterdam's clocks, not the browser's.
    const stored = await page.request.get(`${app.baseURL}/api/panel_message/${id}`);
    expect(stored.status()).toBe(200);
    expect(await stored.json()).toMatchObject({
      communication_status: "scheduled",
      scheduled_for: amsterdamSeconds(tomorrow, "11:45"),
    });
    // Nothing went out: it waits for its time.
    expect(mailsWithSubject(subject)).toEqual([]);
    await page.getByRole("button", { name: nl.cancelSchedule }).click();
    await expect(listEntry(page, subject)).toContainText(nl.status.not_sent);
    const cancelled = await page.request.get(`${app.baseURL}/api/panel_message/${id}`);
    expect(await cancelled.json()).toMatchObject({
      communication_status: "not_sent",
      scheduled_for: null,
    });
  });
});

test("a sign-up while the mail provider fails still says thanks, and its mail follows on the retry", async ({
  page,
}) => {
  const email = `provider-down-${Date.now().toString(36)}@example.org`;
  app.fake.failNext({ status: 500 }, 1);
  await page.goto(`${app.baseURL}/`);
  await page.getByLabel("Je e-mailadres").fill(email);
  await page.getByRole("button", { name: "Aanmelden voor het panel" }).click();
  await expect(page).toHaveURL(/\/bedankt$/);
  // The first retry comes about five seconds later, from the server's own timer.
  await expect
    .poll(() => app.fake.delivered.filter((m) => m.to.includes(email)).length, {
      timeout: 20_000,
    })
    .toBe(1);
  const tries = app.fake.requests.filter(
    (r) => r.path === "/emails" && r.emails.some((m) => m.to.includes(email)),
  );
  expect(tries.map((r) => r.status)).toEqual([500, 200]);
  // The same mail both times: the provider would have sent it once had the first got through.
  expect(tries[1].idempotencyKey).toBe(tries[0].idempotencyKey);
});
