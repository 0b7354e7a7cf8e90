import { randomUUID } from "node:crypto";
import { and, count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as listRoute } from "@/app/api/study/route";
import { GET as readRoute, PUT as updateRoute } from "@/app/api/study/[id]/route";
import { POST as duplicateRoute } from "@/app/api/study/[id]/duplicate/route";
import { GET as finishedRoute } from "@/app/api/study/finished/route";
import { GET as openRoute } from "@/app/api/study/open/route";
import { GET as surveyRoute } from "@/app/api/survey/[surveyUuid]/route";
import { POST as submitRoute } from "@/app/api/survey/[surveyUuid]/submit/route";
import { POST as deleteResponseRoute } from "@/app/api/survey/response/delete/route";
import { getDb } from "@/db/client";
import { auditLog, studies, surveyResponses } from "@/db/schema";
import { runHousekeeping } from "@/lib/jobs/housekeeping";
import type { StudyDto, StudyList } from "@/lib/studies/schemas.shared";
import type { Answer } from "../../support/answer";
import { call } from "../../support/http";
import { staffWithSession } from "../../support/staff";
import { insertStudyWithSurvey, nextIp, validAnswers } from "../../support/survey";

let staff: string;
beforeAll(async () => {
  staff = (await staffWithSession({ admin: false })).cookie;
});

const nowSeconds = () => Math.floor(Date.now() / 1000);

function update(id: number, body: unknown) {
  return call<Answer<StudyDto>>(updateRoute, {
    method: "PUT",
    path: `/api/study/${id}`,
    params: { id: String(id) },
    body,
    cookie: staff,
  });
}

function read(id: number, cookie?: string) {
  return call<StudyDto>(readRoute, {
    path: `/api/study/${id}`,
    params: { id: String(id) },
    cookie,
  });
}

function submit(surveyUuid: string, body: unknown) {
  return call(submitRoute, {
    path: `/api/survey/${surveyUuid}/submit`,
    params: { surveyUuid },
    body,
    ip: nextIp(),
  });
}

async function stored(studyId: number) {
  const db = await getDb();
  const [row] = await db.select().from(studies).where(eq(studies.id, studyId));
  const [{ n }] = await db
    .select({ n: count() })
    .from(surveyResponses)
    .where(eq(surveyResponses.studyId, studyId));
  return { ...row, responses: n };
}

describe("PUT /api/study/{id}: response_limit and closes_at", () => {
  it("accepts a limit and a closing time, clears them with null, and shows them", async () => {
    const { studyId } = await insertStudyWithSurvey({ status: "not_started" });
    const closesAt = nowSeconds() + 86_400;
    const set = await update(studyId, { response_limit: 40, closes_at: closesAt });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({
      response_limit: 40,
      closes_at: closesAt,
      response_count: 0,
      status: "not_started",
    });
    expect(await stored(studyId)).toMatchObject({ responseLimit: 40, closesAt });
    const cleared = await update(studyId, { response_limit: null, closes_at: null });
    expect(cleared.body).toMatchObject({ response_limit: null, closes_at: null });
    // Leaving the fields out changes neither.
    await update(studyId, { response_limit: 7 });
    const named = await update(studyId, { name: "Renamed" });
    expect(named.body).toMatchObject({ response_limit: 7, closes_at: null });
  });

  it("refuses a limit or a closing time that is not a whole number in range, with the field", async () => {
    const { studyId } = await insertStudyWithSurvey({ status: "not_started" });
    for (const [field, value] of [
      ["response_limit", 0],
      ["response_limit", -3],
      ["response_limit", 2.5],
      ["response_limit", "5"],
      ["response_limit", 1_000_001],
      ["closes_at", -1],
      ["closes_at", 1.5],
      ["closes_at", "tomorrow"],
      ["closes_at", 253_402_300_800],
    ] as const) {
      const res = await update(studyId, { [field]: value });
      expect(res.status, `${field}=${value}`).toBe(400);
      expect(res.body.error.code).toBe(22);
      expect(Object.keys(res.body.error.fields ?? {})).toEqual([field]);
    }
    expect(await stored(studyId)).toMatchObject({ responseLimit: null, closesAt: null });
  });

  it("is copied by a duplicate with the response limit but without the closing time", async () => {
    const { studyId } = await insertStudyWithSurvey({ status: "not_started" });
    await update(studyId, { response_limit: 12, closes_at: nowSeconds() + 3_600 });
    const copy = await call<StudyDto>(duplicateRoute, {
      method: "POST",
      path: `/api/study/${studyId}/duplicate`,
      params: { id: String(studyId) },
      cookie: staff,
    });
    expect(copy.status).toBe(200);
    expect(copy.body).toMatchObject({
      status: "not_started",
      response_limit: 12,
      closes_at: null,
      response_count: 0,
    });
  });

  it("shows staff the response count, in the list too, and the public none", async () => {
    const { studyId, surveyUuid } = await insertStudyWithSurvey();
    expect((await submit(surveyUuid, { answers: validAnswers() })).status).toBe(200);
    expect((await submit(surveyUuid, { answers: validAnswers() })).status).toBe(200);
    expect((await read(studyId, staff)).body.response_count).toBe(2);
    const list = await call<StudyList>(listRoute, { path: "/api/study", cookie: staff });
    expect(list.body.items.find((s) => s.id === studyId)?.response_count).toBe(2);
    const pub = await read(studyId);
    expect(pub.status).toBe(200);
    expect(pub.body).not.toHaveProperty("response_count");
    expect(pub.body).toMatchObject({ response_limit: null, closes_at: null });
  });
});

describe("a study that reaches its response limit", () => {
  // 2 as well as 5: the test database has 5 connections, so 5 transactions that all count 0 and
  // insert would store exactly 5 even without the lock; a limit of 2 shows the overshoot.
  it.each([5, 2])(
    "stores exactly the limit (%i) of 50 parallel submissions and answers the rest 409 code 20",
    async (limit) => {
      const { studyId, surveyUuid } = await insertStudyWithSurvey({ status: "not_started" });
      expect((await update(studyId, { response_limit: limit, status: "open" })).status).toBe(200);
      const before = await stored(studyId);

      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          submit(surveyUuid, {
            answers: validAnswers(),
            ...(i % 2 === 0 ? { submission_id: randomUUID() } : {}),
          }),
        ),
      );
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(limit);
      const refused = results.filter((r) => r.status !== 200);
      expect(refused).toHaveLength(50 - limit);
      for (const r of refused) {
        expect(r.status).toBe(409);
        expect(r.body.error.code).toBe(20);
      }
      const after = await stored(studyId);
      expect(after.responses).toBe(limit);
      expect(after.status).toBe("finished");
      // The automatic finish stores no time of day.
      expect(after.updatedAt).toEqual(before.updatedAt);

      const survey = await call(surveyRoute, {
        path: `/api/survey/${surveyUuid}`,
        params: { surveyUuid },
      });
      expect(survey.status).toBe(409);
      expect(survey.body.error.code).toBe(20);
    },
  );

  it("gives the submission that took the last place its token on a retry", async () => {
    const { studyId, surveyUuid } = await insertStudyWithSurvey({ status: "not_started" });
    await update(studyId, { response_limit: 1, status: "open" });
    const submission_id = randomUUID();
    const first = await submit(surveyUuid, { answers: validAnswers(), submission_id });
    expect(first.status).toBe(200);
    expect((await stored(studyId)).status).toBe("finished");
    const retry = await submit(surveyUuid, { answers: validAnswers(), submission_id });
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual({ token: first.body.token });
    expect((await stored(studyId)).responses).toBe(1);
  });

  it("stays finished when a participant deletes their response; staff reopen it by raising the limit", async () => {
    const { studyId, surveyUuid } = await insertStudyWithSurvey({ status: "not_started" });
    await update(studyId, { response_limit: 2, status: "open" });
    const first = await submit(surveyUuid, { answers: validAnswers() });
    expect((await submit(surveyUuid, { answers: validAnswers() })).status).toBe(200);
    expect((await stored(studyId)).status).toBe("finished");

    const deleted = await call(deleteResponseRoute, {
      path: "/api/survey/response/delete",
      body: { token: first.body.token },
      ip: nextIp(),
    });
    expect(deleted.status).toBe(200);
    expect(await stored(studyId)).toMatchObject({ status: "finished", responses: 1 });
    expect((await submit(surveyUuid, { answers: validAnswers() })).body.error.code).toBe(20);

    // Opening at the limit is refused; raising it changes no status; then opening works.
    await update(studyId, { response_limit: 1 });
    const atLimit = await update(studyId, { status: "open" });
    expect(atLimit.status).toBe(400);
    expect(atLimit.body.error.code).toBe(22);
    expect(Object.keys(atLimit.body.error.fields ?? {})).toEqual(["status"]);
    const raised = await update(studyId, { response_limit: 2 });
    expect(raised.body.status).toBe("finished");
    const reopened = await update(studyId, { status: "open" });
    expect(reopened.status).toBe(200);
    expect(reopened.body.status).toBe("open");
    expect((await submit(surveyUuid, { answers: validAnswers() })).status).toBe(200);
    expect(await stored(studyId)).toMatchObject({ status: "finished", responses: 2 });
  });

  // Left open, it stayed listed and let the next participant fill in the whole survey, only to
  // refuse it on sending.
  it.each([1, 2])(
    "finishes an open study at once when its limit is lowered to %i of its 2 responses",
    async (limit) => {
      const { studyId, surveyUuid } = await insertStudyWithSurvey();
      expect((await submit(surveyUuid, { answers: validAnswers() })).status).toBe(200);
      expect((await submit(surveyUuid, { answers: validAnswers() })).status).toBe(200);
      const lowered = await update(studyId, { response_limit: limit });
      expect(lowered.status).toBe(200);
      expect(lowered.body).toMatchObject({ status: "finished", response_limit: limit });
      expect(await stored(studyId)).toMatchObject({ status: "finished", responses: 2 });
      const survey = await call(surveyRoute, {
        path: `/api/survey/${surveyUuid}`,
        params: { surveyUuid },
      });
      expect(survey.status).toBe(409);
      expect(survey.body.error.code).toBe(20);
      const db = await getDb();
      const audited = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetType, "study"), eq(auditLog.targetId, studyId)));
      expect(audited.map((row) => [row.action, row.details])).toEqual([
        ["study_status_changed", { from: "open", to: "finished" }],
      ]);
    },
  );

  it("leaves an open study open when its limit is lowered above what it holds", async () => {
    const { studyId, surveyUuid } = await insertStudyWithSurvey();
    expect((await submit(surveyUuid, { answers: validAnswers() })).status).toBe(200);
    expect((await update(studyId, { response_limit: 2 })).body.status).toBe("open");
    expect((await submit(surveyUuid, { answers: validAnswers() })).status).toBe(200);
    expect(await stored(studyId)).toMatchObject({ status: "finished", responses: 2 });
  });

  it("leaves a study without a limit open however many submit", async () => {
    const { studyId, surveyUuid } = await insertStudyWithSurvey();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => submit(surveyUuid, { answers: validAnswers() })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(await stored(studyId)).toMatchObject({ status: "open", responses: 10 });
  });
});

describe("a study past its closing time", () => {
  async function pastClosing(status: "open" | "not_started" = "open") {
    const made = await insertStudyWithSurvey({ status });
    const db = await getDb();
    await db
      .update(studies)
      .set({ closesAt: nowSeconds() - 60 })
      .where(eq(studies.id, made.studyId));
    return made;
  }

  it("reads as finished everywhere and takes no response, with no request to the portal", async () => {
    const { studyId, surveyUuid } = await pastClosing();
    expect((await read(studyId)).body.status).toBe("finished");
    const open = await call<StudyList>(openRoute, { path: "/api/study/open" });
    expect(open.body.items.map((s) => s.id)).not.toContain(studyId);
    const finished = await call<StudyList>(finishedRoute, { path: "/api/study/finished" });
    expect(finished.body.items.map((s) => s.id)).toContain(studyId);

    const survey = await call(surveyRoute, {
      path: `/api/survey/${surveyUuid}`,
      params: { surveyUuid },
    });
    expect(survey.status).toBe(409);
    expect(survey.body.error.code).toBe(20);
    const res = await submit(surveyUuid, { answers: validAnswers() });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe(20);
    expect((await stored(studyId)).responses).toBe(0);
  });

  it("is stored as finished by the scheduled housekeeping, without a time of day", async () => {
    const { studyId } = await pastClosing();
    const notStarted = await pastClosing("not_started");
    const future = await insertStudyWithSurvey();
    const db = await getDb();
    await db
      .update(studies)
      .set({ closesAt: nowSeconds() + 3_600 })
      .where(eq(studies.id, future.studyId));
    const before = await stored(studyId);
    expect(before.status).toBe("open");

    await runHousekeeping();
    const after = await stored(studyId);
    expect(after.status).toBe("finished");
    expect(after.updatedAt).toEqual(before.updatedAt);
    // Only an open study is finished by its closing time.
    expect((await stored(notStarted.studyId)).status).toBe("not_started");
    expect((await stored(future.studyId)).status).toBe("open");
  });

  it("stays finished when its end date moves or is cleared before the housekeeping stored it", async () => {
    // Past its end date, listed as finished, and still `open` in its row.
    const moved = await pastClosing();
    const cleared = await pastClosing();
    expect((await stored(moved.studyId)).status).toBe("open");

    const later = await update(moved.studyId, { closes_at: nowSeconds() + 7 * 86_400 });
    expect(later.status).toBe(200);
    expect(later.body.status).toBe("finished");
    const none = await update(cleared.studyId, { closes_at: null });
    expect(none.body.status).toBe("finished");
    for (const { studyId, surveyUuid } of [moved, cleared]) {
      expect((await stored(studyId)).status).toBe("finished");
      expect((await submit(surveyUuid, { answers: validAnswers() })).status).toBe(409);
    }
    // As after the housekeeping: opening it again is a change of status of its own.
    const reopened = await update(moved.studyId, { status: "open" });
    expect(reopened.body.status).toBe("open");
  });

  it("cannot be set open again until the closing time moves", async () => {
    const { studyId } = await insertStudyWithSurvey({ status: "finished" });
    const refused = await update(studyId, { status: "open", closes_at: nowSeconds() - 1 });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.error.fields ?? {})).toEqual(["status"]);
    expect(await stored(studyId)).toMatchObject({ status: "finished", closesAt: null });
    const moved = await update(studyId, { status: "open", closes_at: nowSeconds() + 3_600 });
    expect(moved.status).toBe(200);
    expect(moved.body.status).toBe("open");
  });
});
