import path from "node:path";
import { unstable_doesMiddlewareMatch } from "next/experimental/testing/server";
import { describe, expect, it } from "vitest";
import { isNoncePagePath } from "@/lib/http/page-csp.shared";
import { visibleLocale } from "@/lib/i18n/visible-locale.shared";
import { config } from "@/proxy";
import { filesNamed } from "../support/files-named";

const apiRoot = path.resolve(__dirname, "../../app/api");

/** A concrete address of a route folder: ids for [segments], two segments for [...rest]. */
function sampleAddress(dir: string): string {
  const segments = path.relative(apiRoot, dir).split(path.sep).filter(Boolean);
  const concrete = segments.map((s) =>
    s.startsWith("[...") ? "a/b" : s.startsWith("[") ? "12" : s,
  );
  return ["/api", ...concrete].join("/");
}

const matches = (pathname: string) =>
  unstable_doesMiddlewareMatch({ config, url: `http://localhost:3000${pathname}` });

describe("proxy matcher", () => {
  const addresses = filesNamed(apiRoot, "route.ts")
    .map((file) => path.dirname(file))
    .map(sampleAddress)
    .sort();

  it("finds the route folders", () => {
    expect(addresses.length).toBeGreaterThan(40);
    expect(addresses).toEqual(
      expect.arrayContaining(["/api/whoami", "/api/editor_image", "/api/study/12/attachments"]),
    );
  });

  // Handlers check the origin themselves (tests/robustness/hostile-input.test.ts, the security
  // origin tests): a proxy on /api would only copy every request body once more.
  it.each([...addresses, "/api", "/api/no/such/path"])(
    "leaves the API path %s alone",
    (address) => {
      expect(matches(address)).toBe(false);
    },
  );

  // Exactly the pages that get the per-request nonce CSP, and nothing else.
  it.each([
    ["/admin", true],
    ["/admin/studies", true],
    ["/admin/staff", true],
    ["/admin/studies/12/survey", true],
    ["/account", true],
    ["/account/x", true],
    ["/study", true],
    ["/study/", true],
    ["/admin/", true],
    ["/survey/x/y", true],
    ["/study/12", true],
    ["/survey/0b6c1a52-4f7e-4c9a-9d2f-5f2b8a1c3e4d", true],
    ["/", false],
    ["/research", false],
    ["/studies", false],
    ["/surveys", false],
    ["/apix", false],
    ["/_next/static/x.js", false],
    ["/administrator", false],
    ["/accounts", false],
    ["/news/admin", false],
  ] as const)("runs on %s: %s, as isNoncePagePath says", (address, expected) => {
    expect(isNoncePagePath(address)).toBe(expected);
    expect(matches(address)).toBe(expected);
  });

  // And on the addresses that name a language, which it redirects; on no other.
  it.each([
    ["/nl", true],
    ["/en", true],
    ["/en/", true],
    ["/en/research", true],
    ["/nl/news/x", true],
    ["/EN/research", true],
    ["/eN", true],
    ["/english", false],
    ["/nlx/research", false],
    ["/fr/research", false],
    ["/news/en", false],
    ["/en.txt", false],
  ] as const)("runs on %s: %s, as visibleLocale says", (address, expected) => {
    expect(visibleLocale(address) !== null).toBe(expected);
    expect(isNoncePagePath(address)).toBe(false);
    expect(matches(address)).toBe(expected);
  });
});
