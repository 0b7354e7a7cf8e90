import { expect, request as apiRequest, test } from "@playwright/test";
import { LATE_RENDER_GRACE_MS } from "@/lib/studies/public-lists.shared";
import { e2eAccounts } from "../support/e2e/accounts";
import { signInApi } from "../support/e2e/api-session";
import { expectListedAfterWrite, listedAs } from "../support/e2e/research-lists";

/**
 * /research is static HTML rendered on the server and cached: nothing moves once it is shown,
 * and a study whose end date passes (no write at all) moves to the finished ones within a
 * minute, on the cache's own clock (revalidate 30 s, expireTime 60 s).
 */

async function signedIn(baseURL: string, account: { email: string; password: string }) {
  const context = await apiRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  await signInApi(context, baseURL, account);
  return context;
}

/** A layout shift the browser reported, and whether anything that moved is in the page's main. */
type Shift = { value: number; inMain: boolean; moved: string[] };

test("the study lists on /research do not move while the page loads", async ({ page }) => {
  await page.goto("/research");
  await page.waitForLoadState("networkidle");
  const shifts = await page.evaluate(
    () =>
      new Promise<Shift[]>((resolve) => {
        const main = document.querySelector("main");
        const found: Shift[] = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            const shift = entry as PerformanceEntry & {
              value: number;
              sources?: { node?: Node | null }[];
            };
            const nodes = (shift.sources ?? []).map((s) => s.node).filter((n) => n != null);
            found.push({
              value: shift.value,
              inMain: nodes.some((n) => main?.contains(n)),
              moved: nodes.map((n) =>
                n instanceof Element ? n.outerHTML.slice(0, 80) : n.nodeName,
              ),
            });
          }
        }).observe({ type: "layout-shift", buffered: true });
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(found)));
      }),
  );
  expect(shifts.filter((s) => s.inMain)).toEqual([]);
  // With the machine's processors saturated, the header's language buttons and the floating help
  // button were seen moving once in about thirty loads (the cause is not known yet: the same
  // HTML and one stylesheet); such a shift is reported with the test, not counted against the
  // lists.
  for (const s of shifts.filter((shift) => !shift.inMain)) {
    test.info().annotations.push({
      type: "layout shift outside the lists",
      description: `${s.value.toFixed(5)}: ${s.moved.join(" | ")}`,
    });
  }
});

test("a study whose end date passes is listed as finished within a minute, with no write", async ({
  baseURL,
  request,
}) => {
  test.setTimeout(190_000);
  const staff = await signedIn(baseURL!, e2eAccounts.staff);
  const name = `Closes by itself ${Date.now()}`;
  const created = await staff.post("/api/study", { data: { name } });
  expect(created.status()).toBe(200);
  const { id } = (await created.json()) as { id: number };
  try {
    // Later than the longest a listing after a write may take (expectListedAfterWrite, 40 s):
    // once the end date has passed, the study can only ever be listed as finished.
    const closesAt = Math.floor(Date.now() / 1000) + 45;
    const opened = await staff.put(`/api/study/${id}`, {
      data: { status: "open", closes_at: closesAt },
    });
    expect(opened.status()).toBe(200);
    // The write marked the page stale: a render after it lists the study among the ongoing ones.
    await expectListedAfterWrite(request, name, "ongoing");
    await expect
      .poll(() => Date.now() / 1000 >= closesAt, { timeout: 50_000, intervals: [500] })
      .toBe(true);
    const closedAt = Date.now();
    await expect
      .poll(() => listedAs(request, name), { timeout: 65_000, intervals: [2_000] })
      .toBe("finished");
    expect(Date.now() - closedAt).toBeLessThanOrEqual(62_000);
  } finally {
    const admin = await signedIn(baseURL!, e2eAccounts.admin);
    expect((await admin.delete(`/api/study/${id}`)).status()).toBe(200);
    await admin.dispose();
    await staff.dispose();
  }
  // Deleting it was a write: the next render after it leaves the study out (a render already
  // under way may still answer the first visits, as after opening it).
  await expectListedAfterWrite(request, name, "absent");
});

test("after a write, /research is rendered again a few seconds later, for a render that was under way", async ({
  baseURL,
  request,
}) => {
  test.setTimeout(60_000);
  const staff = await signedIn(baseURL!, e2eAccounts.staff);
  const name = `Rendered again ${Date.now()}`;
  const created = await staff.post("/api/study", { data: { name } });
  expect(created.status()).toBe(200);
  const { id } = (await created.json()) as { id: number };
  try {
    expect((await staff.put(`/api/study/${id}`, { data: { status: "open" } })).status()).toBe(200);
    const answeredAt = Date.now();
    // A render that read the lists before the write can end after it and be kept as fresh; the
    // write therefore marks the page stale once more a few seconds after its answer. Seen from
    // here: the page rendered after the write is served from the cache (HIT), then rendered again
    // (not HIT) from the second mark on, with no further write, long before its own revalidation
    // (30 s). A render that another test's write causes can only come on top; one before the
    // second mark is not counted.
    const seen: { state: string; at: number }[] = [];
    await expect
      .poll(
        async () => {
          const at = Date.now();
          const state = (await request.get("/research")).headers()["x-nextjs-cache"] ?? "none";
          seen.push({ state, at });
          const cachedAt = seen.findIndex((s) => s.state === "HIT");
          return (
            cachedAt >= 0 &&
            seen
              .slice(cachedAt)
              .some((s) => s.state !== "HIT" && s.at >= answeredAt + LATE_RENDER_GRACE_MS - 500)
          );
        },
        { timeout: 20_000, intervals: [250] },
      )
      .toBe(true);
    await expectListedAfterWrite(request, name, "ongoing");
  } finally {
    const admin = await signedIn(baseURL!, e2eAccounts.admin);
    expect((await admin.delete(`/api/study/${id}`)).status()).toBe(200);
    await admin.dispose();
    await staff.dispose();
  }
});
