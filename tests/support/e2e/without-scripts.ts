import type { APIRequestContext, BrowserContext } from "@playwright/test";
import type { StudyList } from "@/lib/studies/schemas.shared";

/** The page's scripts never arrive, as on a phone still loading them: inline scripts alone. */
export async function withoutPageScripts(context: BrowserContext) {
  await context.route("**/_next/static/**/*.js", (route) => route.abort());
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
  await context.route("**/_next/static/**/*.js", async (route) => {
    await held;
    await route.continue();
  });
  return arrive;
}
