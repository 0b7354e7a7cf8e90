import { expect, test, type Dialog, type Locator, type Page } from "@playwright/test";
import { attachmentUrl } from "@/lib/attachments/schemas.shared";
import type { StudyDto } from "@/lib/studies/schemas.shared";
import { pdfBytes, PNG_BYTES } from "../support/files";
import { e2eAccounts } from "../support/e2e/accounts";
import { signIn } from "../support/e2e/auth";
import { expectNoAxeViolations } from "../support/e2e/axe";
import { fullChromiumLaunchOptions } from "../support/e2e/browser";
import { setLocaleCookie } from "../support/e2e/locale";
import { messagesFor } from "../support/e2e/messages";
import { expectListedAfterWrite } from "../support/e2e/research-lists";

// The studies screen in a real browser: the whole lifecycle of a study as staff run it, what
// visitors then see, and that nothing typed into a description is lost by leaving quickly.

// "View" opens an attachment in a tab of its own, which the headless shell the other journeys
// use turns into a download (it has no PDF viewer), so the tab never finishes loading.
test.use({ launchOptions: fullChromiumLaunchOptions });

const exact = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`, "i");

function studyList(page: Page, listLabel: string): Locator {
  return page.getByRole("navigation", { name: listLabel });
}

/** The id of the study whose list entry is selected. */
async function selectedId(page: Page, listLabel: string): Promise<number> {
  const selected = studyList(page, listLabel).locator('button[aria-pressed="true"]');
  await expect(selected).toHaveCount(1);
  return Number(await selected.getAttribute("data-study-id"));
}

async function readStudy(page: Page, id: number): Promise<StudyDto> {
  const res = await page.request.get(`/api/study/${id}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as StudyDto;
}

for (const locale of ["nl", "en"] as const) {
  const m = messagesFor(locale);
  const t = m.admin.studies;
  const ta = t.attachments;
  const r = m.richText;
  const saved = m.autosave.saved;

  test.describe(`studies admin in ${locale}`, () => {
    test.beforeEach(async ({ context, baseURL }) => {
      await setLocaleCookie(context, baseURL!, locale);
    });

    test("a study from creation to deletion, as staff and visitors see it", async ({
      page,
      context,
      browser,
      baseURL,
    }) => {
      test.setTimeout(180_000);
      await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
      await signIn(page, e2eAccounts.admin);
      await page.goto("/admin/studies");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.title);
      const list = studyList(page, t.listLabel);
      await expect(list.getByRole("button").first()).toBeVisible();
      await expect(page.getByText(exact(t.empty))).toBeVisible();

      // Create: 'new study' at the top, selected.
      await page.getByRole("button", { name: exact(t.create) }).click();
      const first = list.getByRole("button").first();
      await expect(first).toContainText("new study");
      await expect(first).toHaveAttribute("aria-pressed", "true");
      await expect(first).toContainText(t.status.not_started);
      const id = await selectedId(page, t.listLabel);

      // Rename inline: Escape cancels, Enter saves.
      const name = `E2E ${locale} ${Date.now()}`;
      await page.getByRole("button", { name: t.editName }).click();
      await page.getByLabel(t.name, { exact: true }).fill("not this one");
      await page.getByLabel(t.name, { exact: true }).press("Escape");
      await expect(page.getByRole("heading", { level: 2, name: "new study" })).toBeVisible();
      await page.getByRole("button", { name: t.editName }).click();
      await page.getByLabel(t.name, { exact: true }).fill(name);
      await page.getByLabel(t.name, { exact: true }).press("Enter");
      await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
      await expect(first).toContainText(name);

      // The short description, then the description with a bold word, a link and an image.
      const short = page.getByRole("group", { name: t.shortDescription, exact: true });
      await short.getByRole("textbox").click();
      await page.keyboard.type(`Short text for ${name}`);
      const description = page.getByRole("group", { name: t.description, exact: true });
      const editor = description.getByRole("textbox", { name: t.description, exact: true });
      await editor.click();
      await page.keyboard.type("This study is ");
      await description.getByRole("button", { name: r.bold }).click();
      await expect(description.getByRole("button", { name: r.bold })).toHaveAttribute(
        "aria-pressed",
        "true",
      );
      await page.keyboard.type("important");
      await page.keyboard.press("ControlOrMeta+b");
      await page.keyboard.type(". Read ");
      await description.getByRole("button", { name: r.link }).click();
      const linkDialog = page.getByRole("dialog", { name: r.linkTitle });
      await linkDialog.getByLabel(r.linkAddress).fill("javascript:alert(1)");
      await linkDialog.getByRole("button", { name: r.linkSave }).click();
      await expect(linkDialog.getByText(r.linkInvalid)).toBeVisible();
      await linkDialog.getByLabel(r.linkAddress).fill("example.org/info");
      await linkDialog.getByRole("button", { name: r.linkSave }).click();
      await expect(linkDialog).toBeHidden();
      await expect(editor.getByRole("link", { name: "example.org/info" })).toHaveAttribute(
        "href",
        "https://example.org/info",
      );
      await editor.press("End");
      await page.keyboard.press("Enter");
      await description.getByRole("button", { name: r.image }).click();
      const imageDialog = page.getByRole("dialog", { name: r.imageTitle });
      await imageDialog.getByLabel(r.imageFile).setInputFiles({
        name: "chart.png",
        mimeType: "image/png",
        buffer: PNG_BYTES,
      });
      await imageDialog.getByLabel(r.imageAlt).fill("A chart");
      await imageDialog.getByRole("button", { name: r.imageInsert }).click();
      await expect(imageDialog).toBeHidden();
      await expect(editor.getByRole("img", { name: "A chart" })).toBeVisible();
      await expect(page.locator(`#description-${id}-status`)).toHaveText(saved);
      await expect(page.locator(`#short-${id}-status`)).toHaveText(saved);

      // Open it: the badge changes at once.
      await page.getByLabel(t.statusLabel).selectOption("open");
      await expect(first).toContainText(t.status.open);

      // A PDF by the button, a PDF by drag and drop, and a file that is no PDF.
      const chooser = page.waitForEvent("filechooser");
      await page.getByRole("button", { name: ta.upload }).click();
      await (
        await chooser
      ).setFiles({ name: "info.pdf", mimeType: "application/pdf", buffer: pdfBytes("Info") });
      const table = page.getByRole("table", { name: ta.tableCaption });
      await expect(table.getByRole("row", { name: /info\.pdf/ })).toBeVisible();
      await dropFiles(page, [
        {
          name: "dropped.pdf",
          type: "application/pdf",
          base64: pdfBytes("Drop").toString("base64"),
        },
        { name: "photo.png", type: "image/png", base64: PNG_BYTES.toString("base64") },
      ]);
      await expect(table.getByRole("row", { name: /dropped\.pdf/ })).toBeVisible();
      await expect(page.getByRole("alert").filter({ hasText: "photo.png" })).toContainText(
        ta.onlyPdf,
      );
      const infoRow = table.getByRole("row", { name: /info\.pdf/ });
      await expect(infoRow).toContainText(/\d+(?:[.,]\d{1,2})? (?:Bytes|KB)/);

      // View in a new tab; copy the link.
      const popupPromise = page.waitForEvent("popup");
      await infoRow.getByRole("link", { name: ta.viewName.replace("{name}", "info.pdf") }).click();
      const popup = await popupPromise;
      await popup.waitForLoadState();
      expect(popup.url()).toMatch(/\/api\/study\/\d+\/attachments\/\d+$/);
      await popup.close();
      await infoRow
        .getByRole("button", { name: ta.copyLinkName.replace("{name}", "info.pdf") })
        .click();
      await expect(page.getByText(ta.linkCopied)).toBeVisible();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toMatch(new RegExp(`^${baseURL}/api/study/${id}/attachments/\\d+$`));

      // Delete the dropped one, with confirmation.
      await table
        .getByRole("button", { name: ta.removeName.replace("{name}", "dropped.pdf") })
        .click();
      await page
        .getByRole("dialog", { name: ta.removeTitle })
        .getByRole("button", { name: exact(ta.removeConfirm) })
        .click();
      await expect(table.getByRole("row", { name: /dropped\.pdf/ })).toHaveCount(0);

      // Download responses: a refused check shows the spec's text and downloads nothing.
      const exportCheck = (url: URL) =>
        url.pathname === `/api/study/${id}/responses/export` && url.searchParams.has("check");
      await page.route(exportCheck, (route) =>
        route.fulfill({
          status: 500,
          contentType: "application/json",
          body: JSON.stringify({ error: { code: 13, message: "An unknown error occurred" } }),
        }),
      );
      let downloads = 0;
      page.on("download", () => downloads++);
      await page.getByRole("button", { name: exact(t.downloadResponses) }).click();
      await expect(page.getByText(t.downloadFailed)).toBeVisible();
      expect(downloads).toBe(0);
      await page.unroute(exportCheck);
      // The real export, downloaded by the browser itself: a spreadsheet named after the study.
      const realDownload = page.waitForEvent("download");
      await page.getByRole("button", { name: exact(t.downloadResponses) }).click();
      const spreadsheet = await realDownload;
      expect(spreadsheet.suggestedFilename()).toMatch(
        new RegExp(`^${name}-responses-\\d{4}-\\d{2}-\\d{2}\\.xlsx$`),
      );
      expect(await spreadsheet.failure()).toBeNull();

      await expectNoAxeViolations(page);

      // Visitors: the study among the ongoing ones, its page with the bold word, the link and
      // the image, and the attachment.
      const visitorContext = await browser.newContext();
      await setLocaleCookie(visitorContext, baseURL!, locale);
      const visitor = await visitorContext.newPage();
      await expectOnResearch(visitor, "ongoing", m.studies.research.ongoingTitle, name);
      await visitor.goto(`/study/${id}`);
      await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(name);
      const body = visitor.getByRole("article", { name });
      await expect(body.locator("strong")).toHaveText("important");
      await expect(body.getByRole("link", { name: "example.org/info" })).toHaveAttribute(
        "href",
        "https://example.org/info",
      );
      const image = body.getByRole("img", { name: "A chart" });
      await expect(image).toBeVisible();
      await expect
        .poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth))
        .toBeGreaterThan(0);
      const files = await visitor.request.get(`/api/study/${id}/attachments`);
      expect(files.status()).toBe(200);
      const [attachment] = ((await files.json()) as { items: { id: number }[] }).items;
      const pdf = await visitor.request.get(attachmentUrl(id, attachment.id));
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()["content-type"]).toContain("application/pdf");
      // The study page offers it to view and to download.
      const ts = m.studies.study;
      await expect(
        body.getByRole("link", { name: ts.viewDocument.replace("{name}", "info.pdf") }),
      ).toHaveAttribute("href", attachmentUrl(id, attachment.id));
      await expect(
        body.getByRole("link", { name: ts.downloadDocument.replace("{name}", "info.pdf") }),
      ).toHaveAttribute("href", attachmentUrl(id, attachment.id, true));

      // A reload finds everything saved.
      await page.reload();
      await list.getByRole("button", { name: new RegExp(name) }).click();
      await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
      await expect(page.getByLabel(t.statusLabel)).toHaveValue("open");
      await expect(short.getByRole("textbox")).toHaveText(`Short text for ${name}`);
      await expect(editor.locator("strong")).toHaveText("important");
      await expect(editor.getByRole("link", { name: "example.org/info" })).toBeVisible();
      await expect(editor.getByRole("img", { name: "A chart" })).toBeVisible();
      await expect(table.getByRole("row", { name: /info\.pdf/ })).toBeVisible();

      // Finished: it moves to the finished studies.
      await page.getByLabel(t.statusLabel).selectOption("finished");
      await expect(list.getByRole("button", { name: new RegExp(name) })).toContainText(
        t.status.finished,
      );
      await expectOnResearch(visitor, "finished", m.studies.research.finishedTitle, name);
      await expect(
        visitor
          .getByRole("region", { name: m.studies.research.ongoingTitle })
          .getByRole("article")
          .filter({ hasText: name }),
      ).toHaveCount(0);
      await visitorContext.close();

      // Duplicate: a not-started copy with the same texts and PDF, selected at once.
      await page.getByRole("button", { name: exact(t.duplicate) }).click();
      const copyName = `${name} ${locale === "nl" ? "(kopie)" : "(copy)"}`;
      await expect(page.getByRole("heading", { level: 2, name: copyName })).toBeVisible();
      await expect(page.getByText(t.duplicated.replace("{name}", copyName))).toBeVisible();
      const copyId = await selectedId(page, t.listLabel);
      expect(copyId).not.toBe(id);
      await expect(page.getByLabel(t.statusLabel)).toHaveValue("not_started");
      await expect(table.getByRole("row", { name: /info\.pdf/ })).toBeVisible();
      await expect(editor.locator("strong")).toHaveText("important");
      const removed = await page.request.delete(`/api/study/${copyId}`, {
        headers: { origin: new URL(baseURL!).origin },
      });
      expect(removed.status()).toBe(200);
      await page.reload();
      await list.locator(`button[data-study-id="${id}"]`).click();
      await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();

      // Delete with the typed confirmation.
      await page.getByRole("button", { name: exact(t.delete) }).click();
      const dialog = page.getByRole("dialog", { name: t.deleteTitle });
      const confirm = dialog.getByRole("button", { name: exact(t.deleteConfirm) });
      await expect(confirm).toBeDisabled();
      await dialog.getByLabel(t.deleteTypeName).fill(name.slice(0, -1));
      await expect(dialog.getByText(t.deleteMismatch)).toBeVisible();
      await expect(confirm).toBeDisabled();
      await dialog.getByLabel(t.deleteTypeName).fill(name);
      await expect(confirm).toBeEnabled();
      await confirm.click();
      await expect(page.getByText(t.deleted)).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(list.getByRole("button", { name: new RegExp(name) })).toHaveCount(0);
      await expect(page.getByText(exact(t.empty))).toBeVisible();
      expect((await page.request.get(`/api/study/${id}`)).status()).toBe(404);
    });

    test("a description typed just before leaving is saved, and closing the tab asks first", async ({
      page,
      baseURL,
    }) => {
      await signIn(page, e2eAccounts.admin);
      await page.goto("/admin/studies");
      await page.getByRole("button", { name: exact(t.create) }).click();
      const id = await selectedId(page, t.listLabel);
      const description = page.getByRole("group", { name: t.description, exact: true });

      // Leaving inside the portal (client navigation) right after typing.
      await description.getByRole("textbox").click();
      await page.keyboard.type("typed before the side menu");
      await page
        .getByRole("navigation", { name: m.admin.shell.navLabel })
        .getByRole("link", { name: m.admin.nav.panel })
        .click();
      await expect(page).toHaveURL(/\/admin\/panel$/);
      await expect
        .poll(async () => (await readStudy(page, id)).description)
        .toContain("typed before the side menu");

      // Leaving the site altogether (a full navigation) right after typing.
      await page.goto("/admin/studies");
      await studyList(page, t.listLabel).locator(`button[data-study-id="${id}"]`).click();
      await description.getByRole("textbox").click();
      await page.keyboard.press("End");
      await page.keyboard.type(" and before the address bar");
      // The browser may ask first (something is unsaved); the reader leaves anyway.
      const leave = (dialog: Dialog) => void dialog.accept();
      page.on("dialog", leave);
      await page.goto("/research");
      page.off("dialog", leave);
      await expect
        .poll(async () => (await readStudy(page, id)).description)
        .toContain("and before the address bar");

      // Closing the tab while a save is pending: the browser asks first.
      await page.goto("/admin/studies");
      await studyList(page, t.listLabel).locator(`button[data-study-id="${id}"]`).click();
      await description.getByRole("textbox").click();
      await page.keyboard.type(" more");
      const asked = page.waitForEvent("dialog");
      await page.close({ runBeforeUnload: true });
      const dialog = await asked;
      expect(dialog.type()).toBe("beforeunload");
      await dialog.dismiss();

      // Clean up through the API.
      const res = await page.request.delete(`/api/study/${id}`, { headers: { origin: baseURL! } });
      expect(res.status()).toBe(200);
    });
  });
}

test("a description typed just before logging out is saved while the session lasts", async ({
  page,
  baseURL,
}) => {
  const m = messagesFor("nl");
  const t = m.admin.studies;
  await signIn(page, e2eAccounts.admin);
  await page.goto("/admin/studies");
  await page.getByRole("button", { name: exact(t.create) }).click();
  const id = await selectedId(page, t.listLabel);
  const description = page.getByRole("group", { name: t.description, exact: true });
  // A slow connection: each save takes a second to reach the server.
  await page.route(`**/api/study/${id}`, async (route) => {
    if (route.request().method() === "PUT") await new Promise((r) => setTimeout(r, 1000));
    await route.continue();
  });
  await description.getByRole("textbox").click();
  await page.keyboard.type("typed before logging out");
  // Within the pause before the autosave (leaving the field starts the save, which is slow):
  // the log-out waits for it, then ends the session.
  await page.getByRole("button", { name: m.admin.shell.userMenu }).click();
  await page.getByRole("menuitem", { name: m.admin.shell.logout }).click();
  await expect(page).toHaveURL(/\/$/);

  await signIn(page, e2eAccounts.admin);
  expect((await readStudy(page, id)).description).toContain("typed before logging out");
  const res = await page.request.delete(`/api/study/${id}`, { headers: { origin: baseURL! } });
  expect(res.status()).toBe(200);
});

/**
 * A visitor's view of /research once a render after the write lists `name` as `listing`
 * (tests/support/e2e/research-lists.ts says why the first visits may still show the lists from
 * before it), with the study in the section titled `section`.
 */
async function expectOnResearch(
  visitor: Page,
  listing: "ongoing" | "finished",
  section: string,
  name: string,
) {
  await expectListedAfterWrite(visitor.request, name, listing);
  await visitor.goto("/research");
  const region = visitor.getByRole("region", { name: section });
  await expect(region.getByRole("article").filter({ hasText: name })).toBeVisible();
}

/** Drops files on the attachments' drop zone the way a file manager does. */
async function dropFiles(page: Page, files: { name: string; type: string; base64: string }[]) {
  const transfer = await page.evaluateHandle((list) => {
    const data = new DataTransfer();
    for (const file of list) {
      const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
      data.items.add(new File([bytes], file.name, { type: file.type }));
    }
    return data;
  }, files);
  const zone = page.getByTestId("attachment-drop-zone");
  await zone.dispatchEvent("dragover", { dataTransfer: transfer });
  await zone.dispatchEvent("drop", { dataTransfer: transfer });
}
