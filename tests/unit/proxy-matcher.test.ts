import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { unstable_doesMiddlewareMatch } from "next/experimental/testing/server";
import { describe, expect, it } from "vitest";
import { config } from "@/proxy";

const apiRoot = path.resolve(__dirname, "../../app/api");

function routeDirs(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return routeDirs(full);
    return name === "route.ts" ? [path.dirname(full)] : [];
  });
}

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

// The only paths the proxy must not see: their POST bodies can be larger than the 10 MB the
// proxy passes on.
const uploadTargets = new Set(["/api/editor_image", "/api/study/12/attachments"]);

describe("proxy matcher", () => {
  const addresses = routeDirs(apiRoot).map(sampleAddress).sort();

  it("finds the route folders, the upload targets among them", () => {
    expect(addresses).toEqual(expect.arrayContaining([...uploadTargets, "/api/whoami"]));
  });

  it.each(addresses.filter((a) => !uploadTargets.has(a)))("covers %s", (address) => {
    expect(matches(address)).toBe(true);
  });

  it.each([...uploadTargets])("leaves the upload target %s to its handler", (address) => {
    expect(matches(address)).toBe(false);
  });

  it.each([
    "/api",
    "/api/no/such/path",
    "/api/editor_images",
    "/api/editor_image/0b6c1a52-4f7e-4c9a-9d2f-5f2b8a1c3e4d",
    "/api/study/12/attachments/3",
    "/api/study/12/attachmentsx",
    "/api/study/12/13/attachments",
    "/api/studyx/12/attachments",
  ])("still covers the neighbouring path %s", (address) => {
    expect(matches(address)).toBe(true);
  });

  it("stays off public pages", () => {
    for (const address of [
      "/",
      "/research",
      "/studies",
      "/surveys",
      "/apix",
      "/_next/static/x.js",
      "/administrator",
      "/accounts",
      "/news/admin",
    ]) {
      expect(matches(address)).toBe(false);
    }
  });

  it.each([
    "/admin",
    "/admin/studies",
    "/admin/staff",
    "/admin/studies/12/survey",
    "/account",
    "/study/12",
    "/survey/0b6c1a52-4f7e-4c9a-9d2f-5f2b8a1c3e4d",
  ])("covers the page %s, which gets its per-request CSP there", (address) => {
    expect(matches(address)).toBe(true);
  });
});
