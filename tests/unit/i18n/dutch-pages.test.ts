import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { getPathMatch } from "next/dist/shared/lib/router/utils/path-match";
import { describe, expect, it } from "vitest";
import config from "@/next.config";
import { filesNamed } from "../../support/files-named";
import { newsArticles } from "@/content/news";

/**
 * The Dutch public pages at their bare addresses (app/(nl)) are twins of app/[locale]'s public
 * pages: every public page has one, each renders its twin, carries the same segment settings,
 * and is reached without the locale rewrite.
 */
const app = path.resolve(__dirname, "../../../app");
const localeRoot = path.join(app, "[locale]");
const dutchRoot = path.join(app, "(nl)");

/** The address a page file serves, without route groups and (Dutch) the optional catch-all. */
function routeOf(root: string, file: string): string {
  const segments = path
    .relative(root, path.dirname(file))
    .split(path.sep)
    .filter((s) => s && !/^\(.*\)$/.test(s) && !s.startsWith("[[..."));
  return `/${segments.join("/")}`;
}

const publicTwins = ["(public)", "(public-live)"].flatMap((group) =>
  filesNamed(path.join(localeRoot, group), "page.tsx").map((file) => ({
    file,
    route: routeOf(localeRoot, file),
  })),
);
const dutchPages = filesNamed(dutchRoot, "page.tsx").map((file) => ({
  file,
  route: routeOf(dutchRoot, file),
}));

/** `export const dynamic = …` and the like, as written. */
function segmentSettings(file: string): Record<string, string> {
  const text = readFileSync(file, "utf8");
  const out: Record<string, string> = {};
  for (const m of text.matchAll(
    /^export const (dynamic|revalidate|dynamicParams|fetchCache) = (.+);$/gm,
  )) {
    out[m[1]] = m[2];
  }
  if (/^export (async )?function generateStaticParams/m.test(text))
    out.generateStaticParams = "yes";
  return out;
}

type Rule = { source: string; destination: string; has?: unknown[] };
const rules = async () =>
  (await config("phase-test").rewrites!()) as unknown as {
    beforeFiles: Rule[];
    afterFiles: Rule[];
    fallback: Rule[];
  };
const matches = (source: string, pathname: string) =>
  getPathMatch(source, { removeUnnamedParams: true, strict: true })(pathname) !== false;
/** Where the rule Next tries after the file system sends `address`; undefined when none takes it. */
const rewriteOf = async (address: string) =>
  (await rules()).afterFiles.find((rule) => matches(rule.source, address))?.destination;
const sample = (route: string) => route.replace(/\[[^\]]+\]/g, "12");

describe("Dutch pages at their bare addresses", () => {
  it("finds both trees", () => {
    expect(publicTwins.map((p) => p.route)).toEqual(
      expect.arrayContaining(["/", "/research", "/news", "/news/[slug]", "/study/[id]"]),
    );
    expect(dutchPages.length).toBeGreaterThanOrEqual(10);
  });

  it("has a Dutch page for every public page, and no other", () => {
    expect(dutchPages.map((p) => p.route).sort()).toEqual(publicTwins.map((p) => p.route).sort());
  });

  it.each(dutchPages.map((p) => [p.route, p.file]))("%s renders its twin", (route, file) => {
    const twin = publicTwins.find((p) => p.route === route)!;
    const twinModule = `@/app/${path
      .relative(app, twin.file)
      .replace(/\.tsx$/, "")
      .split(path.sep)
      .join("/")}`;
    expect(readFileSync(file, "utf8")).toContain(`from "${twinModule}"`);
  });

  it.each(dutchPages.map((p) => [p.route, p.file]))(
    "%s has its twin's segment settings",
    (route, file) => {
      const twin = publicTwins.find((p) => p.route === route)!;
      expect(segmentSettings(file)).toEqual(segmentSettings(twin.file));
    },
  );

  /** Whether an error boundary (error.tsx) stands between `root`'s layout and the page `file`. */
  function hasErrorBoundary(root: string, file: string): boolean {
    for (let dir = path.dirname(file); dir.startsWith(root); dir = path.dirname(dir)) {
      if (existsSync(path.join(dir, "error.tsx"))) return true;
    }
    return false;
  }

  it("finds /research's error boundary in both trees", () => {
    const research = dutchPages.find((p) => p.route === "/research")!;
    expect(hasErrorBoundary(dutchRoot, research.file)).toBe(true);
  });

  it.each(dutchPages.map((p) => [p.route, p.file]))(
    "%s has an error boundary where its twin has one",
    (route, file) => {
      const twin = publicTwins.find((p) => p.route === route)!;
      expect(hasErrorBoundary(dutchRoot, file)).toBe(hasErrorBoundary(localeRoot, twin.file));
    },
  );

  it("rewrites before the file system only for English", async () => {
    const { beforeFiles } = await rules();
    expect(beforeFiles.length).toBeGreaterThan(0);
    for (const rule of beforeFiles) {
      expect(rule.has).toEqual([{ type: "cookie", key: "NEXT_LOCALE", value: "en" }]);
      expect(rule.destination.startsWith("/en")).toBe(true);
    }
  });

  // Next tries afterFiles rules after static pages but before dynamic routes: a Dutch page with
  // a dynamic segment would otherwise be served from app/[locale] instead.
  it.each(
    dutchPages
      .filter((p) => p.route.includes("[") || p.file.includes("[[..."))
      .map((p) => [sample(p.route)]),
  )("leaves the Dutch dynamic page %s to app/(nl)", async (address) => {
    expect(await rewriteOf(address)).toBeUndefined();
  });

  it.each([
    "/admin",
    "/admin/studies",
    "/admin/studies/12/survey",
    "/account",
    "/no-such-page",
    "/study",
  ])("serves %s from app/[locale] in Dutch", async (address) => {
    expect(await rewriteOf(address)).toBe("/nl/:path");
  });

  // Longer addresses below a twin keep the rewrite and go home through app/[locale]/[...rest],
  // rendered per request: left to the dynamic routes they would reach app/[locale]'s prerendered
  // pages with "study" or "news" as the language, each leaving a cached redirect behind.
  it.each([
    "/study/news/x",
    "/survey/news/x",
    "/news/news/x",
    "/study/12/x",
    "/news/a/b",
    "/survey/a/b/c",
  ])("rewrites %s, longer than any twin, to app/[locale]", async (address) => {
    expect(await rewriteOf(address)).toBe("/nl/:path");
  });

  // After the file system, an address with a dot names no file: rewritten, it goes home per
  // request instead of reaching app/[locale] with the address as its language.
  it.each(["/index.html", "/oud/artikel.php", "/favicon.ico"])(
    "rewrites %s, which names no file, to app/[locale]",
    async (address) => {
      expect(await rewriteOf(address)).toBe("/nl/:path");
    },
  );

  it.each(["/_next/static/chunks/gone.js", "/api/no/such/path", "/nl/news", "/en"])(
    "leaves %s alone",
    async (address) => {
      expect(await rewriteOf(address)).toBeUndefined();
    },
  );

  const redirectOf = async (address: string) => {
    const redirects = (await config("phase-test").redirects!()) as Rule[];
    return redirects.find((r) => matches(r.source, address))?.destination;
  };

  it("lets every article's address through", async () => {
    expect(newsArticles.length).toBeGreaterThanOrEqual(6);
    for (const article of newsArticles) {
      expect(await redirectOf(`/news/${article.slug}`), article.slug).toBeUndefined();
    }
  });

  it.each(["/news/bestaat-niet", "/news/news-bystanders-oud", "/news/x.php"])(
    "sends the unknown article %s home",
    async (address) => {
      expect(await redirectOf(address)).toBe("/");
    },
  );

  it.each(["/research/x", "/research/x/y"])("sends %s home", async (address) => {
    const redirects = (await config("phase-test").redirects!()) as Rule[];
    const rule = redirects.find((r) => matches(r.source, address));
    expect(rule?.destination).toBe("/");
  });
});
