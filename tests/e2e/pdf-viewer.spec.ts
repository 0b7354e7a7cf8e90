import { expect, request as apiRequest, test } from "@playwright/test";
import { attachmentUrl, type AttachmentDto } from "@/lib/attachments/schemas.shared";
import { pdfBytes } from "../support/files";
import { e2eAccounts } from "../support/e2e/accounts";
import { signInApi } from "../support/e2e/api-session";
import { fullChromiumLaunchOptions } from "../support/e2e/browser";
import { createStudy, uploadPdf } from "../support/e2e/study-files";

// The other journeys run in Chromium's headless shell, which has no PDF viewer.
test.use({ launchOptions: fullChromiumLaunchOptions });

let baseURL: string;
let studyId: number | undefined;

test.beforeAll(() => {
  baseURL = test.info().project.use.baseURL!;
});

// The study made here is removed again, so the public lists other specs check stay as seeded.
test.afterAll(async () => {
  if (studyId === undefined) return;
  const admin = await apiRequest.newContext({ baseURL });
  await signInApi(admin, baseURL, e2eAccounts.admin);
  const res = await admin.delete(`/api/study/${studyId}`, { headers: { origin: baseURL } });
  expect([200, 404]).toContain(res.status());
  await admin.dispose();
});

test("Chromium's PDF viewer shows an attachment served with the sandbox CSP", async ({
  page,
  request,
}) => {
  await signInApi(request, baseURL, e2eAccounts.staff);
  const study = await createStudy(request, baseURL, "e2e PDF viewer");
  studyId = study.id;
  const res = await uploadPdf(
    request,
    baseURL,
    study.id,
    pdfBytes("Sandboxed but shown"),
    "viewer.pdf",
  );
  expect(res.status()).toBe(200);
  const attachment = (await res.json()) as AttachmentDto;
  const opened = await request.put(`/api/study/${study.id}`, {
    data: { status: "open" },
    headers: { origin: baseURL },
  });
  expect(opened.status()).toBe(200);

  // The headers as sent (Chromium shows a navigation to a PDF its viewer's own response).
  const url = attachmentUrl(study.id, attachment.id);
  const sent = await request.get(url);
  expect(sent.headers()["content-security-policy"]).toBe(
    "default-src 'none'; frame-ancestors 'none'; sandbox",
  );
  expect(sent.headers()["content-disposition"]).toMatch(/^inline;/);

  // An anonymous visitor opens the file the way "view" does: inline, in a tab of its own.
  const answer = await page.goto(url);
  expect(answer?.status()).toBe(200);

  // The viewer runs as a built-in extension frame; once the plugin has parsed the file it
  // reports the page count, which stays 0 for a viewer that cannot show the file.
  await expect
    .poll(
      async () => {
        const viewer = page.frames().find((f) => f.url().startsWith("chrome-extension://"));
        if (!viewer) return null;
        return viewer
          .evaluate(() => {
            const toolbar = document
              .querySelector("pdf-viewer")
              ?.shadowRoot?.querySelector("viewer-toolbar");
            const selector = toolbar?.shadowRoot?.querySelector("viewer-page-selector") as
              (Element & { docLength?: number }) | null | undefined;
            return selector?.docLength ?? null;
          })
          .catch(() => null);
      },
      { timeout: 15_000 },
    )
    .toBe(1);
});
