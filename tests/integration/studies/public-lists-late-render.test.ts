import { afterEach, describe, expect, it, vi } from "vitest";
import { AfterContext } from "next/dist/server/after/after-context";
import { workAsyncStorage } from "next/dist/server/app-render/work-async-storage.external";
import { workUnitAsyncStorage } from "next/dist/server/app-render/work-unit-async-storage.external";
import { publicStudyListPaths, revalidatePublicStudyLists } from "@/lib/studies/public-lists";
import { LATE_RENDER_GRACE_MS } from "@/lib/studies/public-lists.shared";

// Next.js's server provides its AsyncLocalStorage as a global before any of its modules load.
vi.hoisted(() => {
  const { AsyncLocalStorage } = process.getBuiltinModule("node:async_hooks");
  (globalThis as { AsyncLocalStorage?: unknown }).AsyncLocalStorage ??= AsyncLocalStorage;
});

const RESEARCH_TAGS = publicStudyListPaths().map((path) => `_N_T_${path}`);

/**
 * A request as Next.js's server runs one, with only what `revalidatePath` and `after` read: its
 * work store (with Next's own AfterContext, whose callbacks run once the response has ended)
 * and its work unit store. The page cache records the tags it is told to mark stale.
 */
function request(o: { waitUntil?: boolean } = {}) {
  const marked: string[][] = [];
  const onClose: (() => void)[] = [];
  const waits: Promise<unknown>[] = [];
  const afterContext = new AfterContext({
    waitUntil: o.waitUntil === false ? undefined : (promise) => void waits.push(promise),
    onClose: (callback) => void onClose.push(callback),
    onTaskError: undefined,
  });
  const store = {
    route: "/api/test",
    page: "/api/test/route",
    cacheLifeProfiles: {},
    afterContext,
    incrementalCache: {
      revalidateTag: async (tags: string | string[]) => {
        marked.push(Array.isArray(tags) ? tags : [tags]);
      },
    },
  } as Record<string, unknown> & { pendingRevalidatedTags?: { tag: string }[] };
  const unit = { type: "request", phase: "action" };
  return {
    store,
    marked,
    run: (work: () => void) =>
      workAsyncStorage.run(store as never, () => workUnitAsyncStorage.run(unit as never, work)),
    endResponse: () => onClose.forEach((callback) => callback()),
    waits,
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("a write marks /research stale a second time, after a render that was under way", () => {
  it("marks it when the request ends, and again LATE_RENDER_GRACE_MS after the response", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "setImmediate"] });
    const r = request();
    r.run(() => revalidatePublicStudyLists());
    // The first mark is the request's own, applied by Next.js as the request ends.
    expect(r.store.pendingRevalidatedTags?.map((t) => t.tag)).toEqual(RESEARCH_TAGS);
    expect(r.marked).toEqual([]);

    r.endResponse();
    await vi.advanceTimersByTimeAsync(LATE_RENDER_GRACE_MS - 100);
    expect(r.marked).toEqual([]);
    await vi.advanceTimersByTimeAsync(100);
    await Promise.all(r.waits);
    expect(r.marked.flat()).toEqual(RESEARCH_TAGS);
  });

  it("nothing is marked before the response has ended", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "setImmediate"] });
    const r = request();
    r.run(() => revalidatePublicStudyLists());
    await vi.advanceTimersByTimeAsync(LATE_RENDER_GRACE_MS * 2);
    expect(r.marked).toEqual([]);
  });

  it("a request that cannot wait after its response still gets the first mark, and no error", () => {
    // Next.js refuses `after` where the platform gives it no way to wait (no waitUntil): the
    // write has committed by then and must not fail for the second mark.
    const r = request({ waitUntil: false });
    expect(() => r.run(() => revalidatePublicStudyLists())).not.toThrow();
    expect(r.store.pendingRevalidatedTags?.map((t) => t.tag)).toEqual(RESEARCH_TAGS);
  });
});
