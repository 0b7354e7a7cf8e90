import { beforeAll, describe, expect, it, vi } from "vitest";
import { workAsyncStorage } from "next/dist/server/app-render/work-async-storage.external";
import { POST as createRoute } from "@/app/api/study/route";
import { DELETE as deleteRoute, PUT as updateRoute } from "@/app/api/study/[id]/route";
import { POST as duplicateRoute } from "@/app/api/study/[id]/duplicate/route";
import { POST as submitRoute } from "@/app/api/survey/[surveyUuid]/submit/route";
import { finishClosedStudies } from "@/lib/studies/closing";
import { publicStudyListPaths } from "@/lib/studies/public-lists";
import { call } from "../../support/http";
import { staffWithSession } from "../../support/staff";
import { insertStudyWithSurvey, nextIp, validAnswers } from "../../support/survey";

// Next.js's server provides its AsyncLocalStorage as a global before any of its modules load.
vi.hoisted(() => {
  const { AsyncLocalStorage } = process.getBuiltinModule("node:async_hooks");
  (globalThis as { AsyncLocalStorage?: unknown }).AsyncLocalStorage ??= AsyncLocalStorage;
});

/**
 * /research is cached HTML (app/[locale]/(public-live)/research/page.tsx): every write that can
 * change its lists must mark it stale. Next.js collects `revalidatePath` calls on the request's
 * work store and applies them when the request ends; here each call runs inside such a store
 * (Next.js's own AsyncLocalStorage, with only what `revalidatePath` reads) and the test reads
 * what was collected.
 */
type Store = { pendingRevalidatedTags?: { tag: string }[] };

const RESEARCH_TAGS = publicStudyListPaths().map((path) => `_N_T_${path}`);

async function revalidatedBy(work: () => Promise<unknown>): Promise<string[]> {
  const store: Store & Record<string, unknown> = {
    route: "/api/test",
    page: "/api/test/route",
    incrementalCache: {},
    cacheLifeProfiles: {},
  };
  await workAsyncStorage.run(store as never, work);
  return (store.pendingRevalidatedTags ?? []).map((t) => t.tag);
}

let staff: string;
let admin: string;
beforeAll(async () => {
  staff = (await staffWithSession({ admin: false })).cookie;
  admin = (await staffWithSession({ admin: true })).cookie;
});

const put = (id: number, body: unknown) =>
  call(updateRoute, {
    method: "PUT",
    path: `/api/study/${id}`,
    params: { id: String(id) },
    body,
    cookie: staff,
  });

describe("the writes that change the public lists mark /research stale in both languages", () => {
  it("the paths are the internal ones of both languages", () => {
    expect(publicStudyListPaths()).toEqual(["/research", "/en/research"]);
  });

  it("create, status change, limit and end date, duplicate and delete", async () => {
    let id = 0;
    expect(
      await revalidatedBy(async () => {
        const res = await call(createRoute, { path: "/api/study", body: {}, cookie: staff });
        expect(res.status).toBe(200);
        id = (res.body as { id: number }).id;
      }),
    ).toEqual(RESEARCH_TAGS);
    for (const body of [{ status: "open" }, { response_limit: 5 }, { closes_at: null }]) {
      expect(
        await revalidatedBy(async () => expect((await put(id, body)).status).toBe(200)),
      ).toEqual(RESEARCH_TAGS);
    }
    expect(
      await revalidatedBy(async () => {
        const res = await call(duplicateRoute, {
          path: `/api/study/${id}/duplicate`,
          params: { id: String(id) },
          cookie: staff,
        });
        expect(res.status).toBe(200);
      }),
    ).toEqual(RESEARCH_TAGS);
    expect(
      await revalidatedBy(async () => {
        const res = await call(deleteRoute, {
          method: "DELETE",
          path: `/api/study/${id}`,
          params: { id: String(id) },
          cookie: admin,
        });
        expect(res.status).toBe(200);
      }),
    ).toEqual(RESEARCH_TAGS);
  });

  it("a refused write marks nothing", async () => {
    const { studyId } = await insertStudyWithSurvey({ status: "finished" });
    await put(studyId, { closes_at: 1_000 });
    expect(
      await revalidatedBy(async () =>
        expect((await put(studyId, { status: "open" })).status).toBe(400),
      ),
    ).toEqual([]);
  });

  it("the submission that reaches the limit does, the ones before it do not", async () => {
    const { studyId, surveyUuid } = await insertStudyWithSurvey({ status: "open" });
    await put(studyId, { response_limit: 2 });
    const submit = () =>
      call(submitRoute, {
        path: `/api/survey/${surveyUuid}/submit`,
        params: { surveyUuid },
        body: { answers: validAnswers() },
        ip: nextIp(),
      });
    expect(await revalidatedBy(async () => expect((await submit()).status).toBe(200))).toEqual([]);
    expect(await revalidatedBy(async () => expect((await submit()).status).toBe(200))).toEqual(
      RESEARCH_TAGS,
    );
  });

  it("the scheduled finish of studies past their end date does, when it finishes one", async () => {
    const { studyId } = await insertStudyWithSurvey({ status: "open" });
    expect(await revalidatedBy(() => finishClosedStudies())).toEqual([]);
    await put(studyId, { closes_at: Math.floor(Date.now() / 1000) - 1 });
    expect(await revalidatedBy(() => finishClosedStudies())).toEqual(RESEARCH_TAGS);
  });

  it("outside a request of the Next.js server the writes work as before", async () => {
    const res = await call(createRoute, { path: "/api/study", body: {}, cookie: staff });
    expect(res.status).toBe(200);
  });
});
