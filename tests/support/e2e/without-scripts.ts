import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import type { StudyList } from "@/lib/studies/schemas.shared";

/** Every script a page loads from the build (its inline scripts are in the HTML). */
const PAGE_SCRIPTS = "**/_next/static/**/*.js";

/** The page's scripts never arrive, as on a phone still loading them: inline scripts alone. */
export async function withoutPageScripts(context: BrowserContext) {
  await context.route(PAGE_SCRIPTS, (route) => route.abort());
}

/** A static page (inline scripts allowed) and a nonce page (only hashed inline scripts). */
export async function staticAndNoncePages(request: APIRequestContext): Promise<string[]> {
  const res = await request.get("/api/study/open");
  const study = ((await res.json()) as StudyList).items.find((s) => s.survey_uuid)!;
  return ["/vision", `/survey/${study.survey_uuid}`];
}

/**
 * The page's scripts arrive only when the returned function is called, as on a slow phone where
 * the visitor types and presses before the page has hydrated.
 */
export async function holdPageScripts(context: BrowserContext): Promise<() => void> {
  let arrive!: () => void;
  const held = new Promise<void>((resolve) => (arrive = resolve));
  await context.route(PAGE_SCRIPTS, async (route) => {
    await held;
    await route.continue();
  });
  return arrive;
}

/** The paths of the POST requests `page` makes from now on. */
export function postsFrom(page: Page): string[] {
  const sent: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST") sent.push(new URL(r.url()).pathname);
  });
  return sent;
}
