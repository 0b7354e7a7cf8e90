import fc from "fast-check";
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { localePath, visibleLocale } from "@/lib/i18n/visible-locale.shared";
import { proxy } from "@/proxy";

const SEGMENT = fc.stringMatching(/^[a-z0-9.-]{1,8}$/);
// A page path never starts with a language: that is what an address naming one looks like.
const PAGE_PATH = fc
  .array(SEGMENT, { maxLength: 4 })
  .filter((parts) => !["nl", "en"].includes(parts[0]?.toLowerCase() ?? ""))
  .map((parts) => `/${parts.join("/")}`);

describe("visibleLocale", () => {
  it.each([
    ["/nl", { locale: "nl", path: "/" }],
    ["/en", { locale: "en", path: "/" }],
    ["/en/", { locale: "en", path: "/" }],
    ["/en/research", { locale: "en", path: "/research" }],
    ["/nl/news/news-bystanders", { locale: "nl", path: "/news/news-bystanders" }],
    // Never an address that a browser reads as another host ("//evil.example").
    ["/en//evil.example/x", { locale: "en", path: "/evil.example/x" }],
    ["/en///x", { locale: "en", path: "/x" }],
    ["/EN/research", { locale: "en", path: "/research" }],
    ["/Nl", { locale: "nl", path: "/" }],
    ["/", null],
    ["/research", null],
    ["/english", null],
    ["/nlx/research", null],
    ["/fr/research", null],
    ["/news/en", null],
  ] as const)("reads %s as %j", (pathname, expected) => {
    expect(visibleLocale(pathname)).toEqual(expected);
  });

  it("gives back every page path, in both languages, from the address that names it", () => {
    fc.assert(
      fc.property(fc.constantFrom("nl", "en" as const), PAGE_PATH, (locale, path) => {
        const named = localePath(locale, path);
        expect(named.startsWith(`/${locale}`)).toBe(true);
        expect(visibleLocale(named)).toEqual({ locale, path });
      }),
    );
  });

  it("always answers with a path on this host, whatever follows the language", () => {
    fc.assert(
      fc.property(fc.constantFrom("nl", "en"), fc.string({ unit: "binary" }), (locale, rest) => {
        const named = visibleLocale(`/${locale}/${rest}`);
        expect(named?.locale).toBe(locale);
        expect(named!.path).toMatch(/^\/(?!\/)/);
      }),
    );
  });
});

describe("localePath", () => {
  it.each([
    ["en", "/", "/en"],
    ["en", "/research", "/en/research"],
    // The server renders a prerendered page under its internal path.
    ["en", "/nl/research", "/en/research"],
    ["nl", "/en", "/nl"],
    ["nl", "/en/news/x", "/nl/news/x"],
  ] as const)("%s of %s is %s", (locale, path, expected) => {
    expect(localePath(locale, path)).toBe(expected);
  });
});

describe("proxy on an address that names its language", () => {
  const answer = (path: string) =>
    proxy(new NextRequest(`http://localhost:3000${path}`, { headers: { host: "localhost:3000" } }));

  it("stores the language in the cookie the rewrites read and goes to the bare address", () => {
    const res = answer("/en/reset-password?token=abc");
    expect(res.status).toBe(307);
    expect(res.headers.get("location")).toBe("http://localhost:3000/reset-password?token=abc");
    const cookie = res.headers.get("set-cookie")!;
    expect(cookie).toMatch(/^NEXT_LOCALE=en; Path=\//);
    expect(cookie).toContain("Max-Age=31536000");
    expect(cookie.toLowerCase()).toContain("samesite=lax");
    expect(cookie.toLowerCase()).not.toContain("httponly");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });

  it.each([
    ["/nl", "http://localhost:3000/", "nl"],
    ["/en/admin/studies", "http://localhost:3000/admin/studies", "en"],
    ["/en//evil.example", "http://localhost:3000/evil.example", "en"],
    ["/EN/vision", "http://localhost:3000/vision", "en"],
  ])("%s goes to %s in %s", (path, location, locale) => {
    const res = answer(path);
    expect(res.status).toBe(307);
    expect(res.headers.get("location")).toBe(location);
    expect(res.headers.get("set-cookie")).toMatch(new RegExp(`^NEXT_LOCALE=${locale};`));
  });

  it("leaves other pages' language alone", () => {
    for (const path of ["/admin", "/study/12"]) {
      const res = answer(path);
      expect(res.headers.get("x-middleware-next"), path).toBe("1");
      expect(res.headers.get("set-cookie"), path).toBeNull();
    }
  });
});
