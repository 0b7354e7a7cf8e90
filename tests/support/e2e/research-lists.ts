import { expect, type APIRequestContext } from "@playwright/test";

export type ResearchListing = "ongoing" | "finished" | "absent";

/** Where `name` stands on /research as the caller of `request` gets it. */
export async function listedAs(request: APIRequestContext, name: string): Promise<ResearchListing> {
  const html = await (await request.get("/research")).text();
  const at = html.indexOf(name);
  if (at < 0) return "absent";
  return at < html.indexOf('id="finished-studies"') ? "ongoing" : "finished";
}

/**
 * Waits until /research lists `name` as `listing` after a write that changes it. The write marks
 * the cached page stale, and the next render shows the change. A render of /research already
 * under way when the write landed (another visitor's, or the cache's own in the background)
 * still read the lists from before it, and Next.js answers a visit with the render in flight for
 * the same page rather than starting a second one; so the first visits may get that render, and
 * every render after it has the change. That render, ending after the write, is kept as fresh
 * until the write marks the page stale a second time, 5 s after its answer
 * (`LATE_RENDER_GRACE_MS`, lib/studies/public-lists.shared.ts); a render that took longer than that
 * on a loaded machine is kept until the page's own revalidation (30 s), so the wait allows that
 * long and a render more.
 */
export async function expectListedAfterWrite(
  request: APIRequestContext,
  name: string,
  listing: ResearchListing,
): Promise<void> {
  await expect
    .poll(() => listedAs(request, name), { timeout: 40_000, intervals: [250, 500, 1_000] })
    .toBe(listing);
}
