import { getPathMatch } from "next/dist/shared/lib/router/utils/path-match";
import { describe, expect, it } from "vitest";
import config from "@/next.config";
import { FILE_CSP } from "@/lib/files/file-csp.shared";

type HeaderRule = { source: string; headers: { key: string; value: string }[] };

/**
 * The headers next.config.ts gives a path, the way Next applies its rules: every matching rule
 * in order, a later one replacing the same header of an earlier one. (The browser tests check
 * the same on the production server, tests/e2e/security-headers.spec.ts.)
 */
async function configHeaders(path: string): Promise<Map<string, string[]>> {
  const rules = (await config("phase-test").headers!()) as HeaderRule[];
  const out = new Map<string, string[]>();
  for (const rule of rules) {
    if (!getPathMatch(rule.source, { removeUnnamedParams: true, strict: true })(path)) continue;
    for (const h of rule.headers) out.set(h.key.toLowerCase(), [h.value]);
  }
  return out;
}

describe("next.config.ts headers", () => {
  it.each(["/", "/research", "/studies", "/my-answers", "/accounts", "/administrator"])(
    "public page %s: the static policy and the common headers",
    async (path) => {
      const headers = await configHeaders(path);
      expect(headers.get("content-security-policy")).toHaveLength(1);
      expect(headers.get("content-security-policy")![0]).toContain(
        "script-src 'self' 'unsafe-inline'",
      );
      expect(headers.get("x-content-type-options")).toEqual(["nosniff"]);
      expect(headers.get("referrer-policy")).toEqual(["no-referrer"]);
    },
  );

  it.each([
    "/admin",
    "/admin/studies",
    "/admin/studies/12/survey",
    "/account",
    "/study/12",
    "/survey/0b6c1a52-4f7e-4c9a-9d2f-5f2b8a1c3e4d",
  ])(
    "page %s: no static policy (proxy.ts sets the nonce one), the other headers still",
    async (path) => {
      const headers = await configHeaders(path);
      expect(headers.has("content-security-policy")).toBe(false);
      expect(headers.get("x-frame-options")).toEqual(["DENY"]);
      expect(headers.get("x-content-type-options")).toEqual(["nosniff"]);
    },
  );

  it("the API: the static policy", async () => {
    const headers = await configHeaders("/api/whoami");
    expect(headers.get("content-security-policy")![0]).toContain("default-src 'self'");
  });

  it.each(["/api/study/3/attachments/4", "/api/editor_image/0b6c1a52-4f7e-4c9a-9d2f-5f2b8a1c3e4d"])(
    "a file from the database, %s: the sandbox policy alone",
    async (path) => {
      expect((await configHeaders(path)).get("content-security-policy")).toEqual([FILE_CSP]);
    },
  );

  it.each(["/", "/research", "/news/een-bericht", "/my-answers", "/admin/studies", "/study/12"])(
    "page %s: Vary: Cookie, since the language cookie chooses what it shows",
    async (path) => {
      expect((await configHeaders(path)).get("vary")).toEqual(["Cookie"]);
    },
  );

  it.each([
    "/api/whoami",
    "/api",
    "/_next/static/chunks/main.js",
    "/robots.txt",
    "/.well-known/security.txt",
    "/icon.svg",
  ])("%s: no Vary on the cookie, so caches keep one copy", async (path) => {
    expect((await configHeaders(path)).has("vary")).toBe(false);
  });

  const samplePaths = [
    "/",
    "/research",
    "/administrator",
    "/studyx",
    "/admin",
    "/admin/studies/12/survey",
    "/account",
    "/study/12",
    "/survey/0b6c1a52-4f7e-4c9a-9d2f-5f2b8a1c3e4d",
    "/api/whoami",
    "/api/study/3/attachments/4",
    "/_next/static/chunks/main.js",
    "/robots.txt",
  ];

  it.each(samplePaths)("%s takes exactly one rule of the security headers", async (path) => {
    const rules = (await config("phase-test").headers!()) as HeaderRule[];
    const matching = rules.filter(
      (rule) =>
        rule.headers.some((h) => h.key === "X-Frame-Options") &&
        getPathMatch(rule.source, { removeUnnamedParams: true, strict: true })(path),
    );
    expect(matching).toHaveLength(1);
  });

  it("no rule with a value holding a colon matches with parameters (Next would compile the value on every request)", async () => {
    const rules = (await config("phase-test").headers!()) as HeaderRule[];
    let checked = 0;
    for (const rule of rules.filter((r) => r.headers.some((h) => h.value.includes(":")))) {
      for (const path of samplePaths) {
        const params = getPathMatch(rule.source, { removeUnnamedParams: true, strict: true })(path);
        if (!params) continue;
        checked += 1;
        expect(Object.keys(params), `${rule.source} on ${path}`).toEqual([]);
      }
    }
    // The static policy holds "data:" and "blob:": its rule must have been among those checked.
    expect(checked).toBeGreaterThan(5);
  });
});
