import {
  expect,
  request as apiRequest,
  test,
  type APIRequestContext,
  type Page,
} from "@playwright/test";
import type { AttachmentDto } from "@/lib/attachments/schemas.shared";
import { attachmentUrl } from "@/lib/attachments/schemas.shared";
import type { StudyDto } from "@/lib/studies/schemas.shared";
import { pdfBytes, PNG_BYTES } from "../support/files";
import { e2eAccounts } from "../support/e2e/accounts";
import { signInApi } from "../support/e2e/api-session";

// Headers on every kind of answer, from the production server: public pages keep their static
// policy, the staff portal gets a per-request nonce policy (and only that one), the API and the
// files served from the database keep theirs.

const FILE_CSP = "default-src 'none'; frame-ancestors 'none'; sandbox";
const scriptSrc = (csp: string) => csp.split("; ").find((d) => d.startsWith("script-src "));

/** Every CSP header of an answer: two would both be enforced. */
function cspHeaders(headers: { name: string; value: string }[]): string[] {
  return headers
    .filter((h) => h.name.toLowerCase() === "content-security-policy")
    .flatMap((h) => h.value.split("\n"));
}

function expectCommonHeaders(headers: Record<string, string>) {
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("no-referrer");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["permissions-policy"]).toContain("camera=()");
}

function expectPortalCsp(csps: string[]) {
  expect(csps).toHaveLength(1);
  const scripts = scriptSrc(csps[0])!;
  // The two hashes are the inline scripts every page carries (tests/unit/inline-scripts.test.ts).
  expect(scripts).toMatch(
    /^script-src 'self' 'nonce-[A-Za-z0-9+/]+'( 'sha256-[A-Za-z0-9+/]{43}='){2} 'strict-dynamic'$/,
  );
  expect(scripts).not.toContain("unsafe-inline");
  expect(csps[0]).toContain("frame-ancestors 'none'");
  return scripts;
}

let baseURL: string;
let admin: APIRequestContext;

test.beforeAll(async () => {
  baseURL = test.info().project.use.baseURL!;
  admin = await apiRequest.newContext({ baseURL });
  await signInApi(admin, baseURL, e2eAccounts.admin);
});
test.afterAll(async () => admin.dispose());

test.describe("headers on every page type", () => {
  test("public pages: the static policy, one header", async ({ request }) => {
    for (const path of ["/", "/research", "/my-answers"]) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(200);
      const csps = cspHeaders(res.headersArray());
      expect(csps, path).toHaveLength(1);
      expect(scriptSrc(csps[0])).toBe("script-src 'self' 'unsafe-inline'");
      expect(csps[0]).not.toContain("nonce-");
      expectCommonHeaders(res.headers());
    }
  });

  test("public pages say they vary with the language cookie; their scripts do not", async ({
    request,
  }) => {
    const varyOf = (res: { headers(): Record<string, string> }) =>
      (res.headers()["vary"] ?? "").split(/,\s*/).map((v) => v.toLowerCase());
    for (const path of ["/", "/research", "/news"]) {
      const dutch = await request.get(path);
      const english = await request.get(path, { headers: { cookie: "NEXT_LOCALE=en" } });
      expect([dutch.status(), english.status()], path).toEqual([200, 200]);
      // One address, two documents: a shared cache must key its copies on the cookie.
      expect(await dutch.text(), path).toContain('<html lang="nl"');
      expect(await english.text(), path).toContain('<html lang="en"');
      for (const vary of [varyOf(dutch), varyOf(english)]) {
        expect(vary, path).toContain("cookie");
        // Next's own names stay beside it (its client tells RSC answers from pages by them),
        // each name once.
        expect(vary, path).toEqual(expect.arrayContaining(["rsc", "next-router-state-tree"]));
        expect(new Set(vary).size, path).toBe(vary.length);
      }
    }
    // A page's RSC data, as the browser's router asks for it, varies with the cookie as well.
    const rsc = await request.get("/news", { headers: { rsc: "1" } });
    expect(rsc.status()).toBe(200);
    expect(rsc.headers()["content-type"]).toContain("text/x-component");
    expect(varyOf(rsc)).toEqual(expect.arrayContaining(["cookie", "rsc"]));
    const html = await (await request.get("/")).text();
    const script = /<script src="(\/_next\/static\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const asset = await request.get(script!);
    expect(asset.status()).toBe(200);
    expect(varyOf(asset)).not.toContain("cookie");
  });

  test("portal pages: a fresh nonce policy per request, and no static one beside it", async () => {
    const seen = new Set<string>();
    for (const path of ["/admin/studies", "/admin/panel", "/account", "/admin/studies"]) {
      const res = await admin.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBe(200);
      seen.add(expectPortalCsp(cspHeaders(res.headersArray())));
      expectCommonHeaders(res.headers());
      // The nonce in the header is the one on the page's scripts.
      const nonce = /'nonce-([^']+)'/.exec(cspHeaders(res.headersArray())[0])![1];
      expect(await res.text()).toContain(`nonce="${nonce}"`);
    }
    expect(seen.size).toBe(4);
  });

  test("/study/{id} and /survey/{uuid}: a fresh nonce policy, and the page runs with it", async ({
    page,
    request,
  }) => {
    const open = (await (await request.get("/api/study/open")).json()) as {
      items: { id: number; name: string; survey_uuid: string }[];
    };
    const study = open.items.find((s) => s.survey_uuid)!;
    for (const path of [`/study/${study.id}`, `/survey/${study.survey_uuid}`]) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(200);
      expectPortalCsp(cspHeaders(res.headersArray()));
      const nonce = /'nonce-([^']+)'/.exec(cspHeaders(res.headersArray())[0])![1];
      expect(await res.text()).toContain(`nonce="${nonce}"`);
    }
    // The browser runs the page's scripts under that policy: the study loads in the browser.
    const violations: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error" && /Content Security Policy/i.test(m.text()))
        violations.push(m.text());
    });
    await page.goto(`/study/${study.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(study.name);
    await page.goto(`/survey/${study.survey_uuid}`);
    await expect(page.getByRole("button").first()).toBeVisible();
    expect(violations).toEqual([]);
  });

  test("a portal page's redirect for a visitor who is not signed in carries the portal policy", async ({
    request,
  }) => {
    const res = await request.get("/admin/studies", { maxRedirects: 0 });
    expect([303, 307, 308]).toContain(res.status());
    expectPortalCsp(cspHeaders(res.headersArray()));
  });

  test("the API: the static policy and nosniff", async ({ request }) => {
    const res = await request.get("/api/whoami");
    expect(res.status()).toBe(401);
    expect(cspHeaders(res.headersArray())).toHaveLength(1);
    expect(res.headers()["content-security-policy"]).toContain("default-src 'self'");
    expectCommonHeaders(res.headers());
  });

  test("an attachment and an editor image: the sandbox policy alone", async ({ request }) => {
    const study = (await (
      await admin.post("/api/study", {
        data: { name: "e2e headers" },
        headers: { origin: baseURL },
      })
    ).json()) as StudyDto;
    try {
      const uploaded = await admin.post(`/api/study/${study.id}/attachments`, {
        multipart: { file: { name: "a.pdf", mimeType: "application/pdf", buffer: pdfBytes() } },
        headers: { origin: baseURL },
      });
      expect(uploaded.status()).toBe(200);
      const attachment = (await uploaded.json()) as AttachmentDto;
      const file = await admin.get(attachmentUrl(study.id, attachment.id));
      expect(file.status()).toBe(200);
      expect(cspHeaders(file.headersArray())).toEqual([FILE_CSP]);
      expect(file.headers()["x-content-type-options"]).toBe("nosniff");

      const image = await admin.post("/api/editor_image", {
        multipart: { file: { name: "dot.png", mimeType: "image/png", buffer: PNG_BYTES } },
        headers: { origin: baseURL },
      });
      expect(image.status()).toBe(200);
      const { url } = (await image.json()) as { url: string };
      const served = await request.get(url);
      expect(served.status()).toBe(200);
      expect(cspHeaders(served.headersArray())).toEqual([FILE_CSP]);
      expect(served.headers()["x-content-type-options"]).toBe("nosniff");
    } finally {
      await admin.delete(`/api/study/${study.id}`, { headers: { origin: baseURL } });
    }
  });
});

/** Collects CSP violations the page reports, in the console and as events. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error" && /Content Security Policy|Refused to/i.test(msg.text())) {
      violations.push(msg.text());
    }
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      console.error(`Refused to run (CSP): ${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  return violations;
}

test.describe("the portal runs under its own policy", () => {
  test("signing in through the login dialog loads the portal as a new document with the nonce policy", async ({
    page,
  }) => {
    const violations = await watchViolations(page);
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("button", { name: "Inloggen" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("E-mailadres").fill(e2eAccounts.staff.email);
    await dialog.getByLabel("Wachtwoord").fill(e2eAccounts.staff.password);
    const documentLoad = page.waitForResponse(
      (r) =>
        r.request().resourceType() === "document" && new URL(r.url()).pathname === "/admin/studies",
    );
    await dialog.getByRole("button", { name: "Inloggen" }).click();
    const response = await documentLoad;
    expectPortalCsp(cspHeaders(await response.headersArray()));
    // Until the new document's "load", its scripts may not have run: React is not yet listening,
    // and a press on the menu button is the browser's alone (as for anyone who presses that
    // early). `goto` waits for "load" by itself; this document came from the dialog, so wait here.
    await page.waitForURL(/\/admin\/studies$/, { waitUntil: "load" });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Onderzoeken");
    // The portal's scripts run: the user menu opens, and a client-side move within the portal works.
    await page.getByRole("button", { name: "Gebruikersmenu" }).click();
    await expect(page.getByRole("menu")).toBeVisible();
    await page.keyboard.press("Escape");
    await page.getByRole("navigation").getByRole("link", { name: "Panel" }).first().click();
    await expect(page).toHaveURL(/\/admin\/panel$/);
    expect(violations).toEqual([]);
  });

  test("the footer's portal link and a direct load both get the nonce policy, and the portal runs", async ({
    page,
  }) => {
    const violations = await watchViolations(page);
    await signInApi(page.request, baseURL, e2eAccounts.staff);
    await page.goto("/research");
    const documentLoad = page.waitForResponse(
      (r) =>
        r.request().resourceType() === "document" && new URL(r.url()).pathname === "/admin/studies",
    );
    await page
      .getByRole("contentinfo")
      .getByRole("link", { name: "Naar het beheerportaal" })
      .click();
    expectPortalCsp(cspHeaders(await (await documentLoad).headersArray()));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Onderzoeken");

    const direct = await page.goto("/account");
    expectPortalCsp(cspHeaders(await direct!.headersArray()));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.getByRole("button", { name: "Gebruikersmenu" }).click();
    await expect(page.getByRole("menu")).toBeVisible();
    expect(violations).toEqual([]);
  });
});
