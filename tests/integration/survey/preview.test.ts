import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PUT } from "@/app/api/study/[id]/survey/route";
import { GET } from "@/app/api/survey/[surveyUuid]/route";
import { getDb } from "@/db/client";
import { sessions, surveyResponses } from "@/db/schema";
import { sessionCookieName } from "@/lib/auth/session";
import { sha256Hex } from "@/lib/crypto/tokens";
import { call } from "../../support/http";
import { staffWithSession } from "../../support/staff";
import { insertStudyWithSurvey } from "../../support/survey";

function getSurvey(surveyUuid: string, o: { query?: string; cookie?: string } = {}) {
  return call(GET, {
    path: `/api/survey/${surveyUuid}${o.query ?? ""}`,
    params: { surveyUuid },
    cookie: o.cookie,
  });
}

const notOpen = ["not_started", "finished", "invisible"] as const;

describe("GET /api/survey/{surveyUuid}?preview=1 (staff preview)", () => {
  it.each(notOpen)("answers a signed-in staff member while the study is %s", async (status) => {
    const { studyId, surveyUuid } = await insertStudyWithSurvey({ status, name: "Draft study" });
    const { cookie } = await staffWithSession();
    const res = await getSurvey(surveyUuid, { query: "?preview=1", cookie });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      study_id: studyId,
      survey_uuid: surveyUuid,
      study_name: "Draft study",
      preview: true,
    });
    expect(typeof res.body.version).toBe("number");
    expect(res.body.steps).toHaveLength(2);
    // The preview is shown sanitised, exactly as visitors will see it.
    expect(res.body.steps[0].blocks[0].content).not.toContain("<script");
    expect(res.setCookies).toEqual([]);
  });

  it("marks a preview of an open study as a preview too, so the runner never submits it", async () => {
    const { surveyUuid } = await insertStudyWithSurvey({ status: "open" });
    const { cookie } = await staffWithSession();
    const res = await getSurvey(surveyUuid, { query: "?preview=1", cookie });
    expect(res.status).toBe(200);
    expect(res.body.preview).toBe(true);
    expect(await responseCount()).toBe(0);
  });

  it.each(notOpen)(
    "still answers 409 code 20 to a visitor while the study is %s, with or without ?preview=1",
    async (status) => {
      const { surveyUuid } = await insertStudyWithSurvey({ status });
      for (const query of ["", "?preview=1", "?preview=true"]) {
        const res = await getSurvey(surveyUuid, { query });
        expect(res.status, query).toBe(409);
        expect(res.body, query).toEqual({ error: { code: 20, message: "The study is not open" } });
        expect(res.setCookies, query).toEqual([]);
      }
      // A repeated query name is refused by the route layer before anything else is read.
      const repeated = await getSurvey(surveyUuid, { query: "?preview=1&preview=1" });
      expect(repeated.status).toBe(400);
      expect(repeated.body.error.code).toBe(22);
      expect(repeated.setCookies).toEqual([]);
    },
  );

  it("gives a visitor of an open study the ordinary survey, without the preview mark", async () => {
    const { surveyUuid } = await insertStudyWithSurvey({ status: "open" });
    const res = await getSurvey(surveyUuid, { query: "?preview=1" });
    expect(res.status).toBe(200);
    expect(res.body).not.toHaveProperty("preview");
    expect(res.setCookies).toEqual([]);
  });

  it("treats a made-up or ended session like a visitor, and sets no cookie", async () => {
    const { surveyUuid } = await insertStudyWithSurvey({ status: "not_started" });
    const made = await getSurvey(surveyUuid, {
      query: "?preview=1",
      cookie: `${sessionCookieName()}=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`,
    });
    expect(made.status).toBe(409);
    expect(made.body.error.code).toBe(20);
    expect(made.setCookies).toEqual([]);

    const { cookie, user } = await staffWithSession();
    const db = await getDb();
    await db.delete(sessions).where(eq(sessions.userId, user.id));
    const ended = await getSurvey(surveyUuid, { query: "?preview=1", cookie });
    expect(ended.status).toBe(409);
    expect(ended.setCookies).toEqual([]);
  });

  it("does not look at the session without ?preview=1: staff get 409 code 20 like anyone", async () => {
    const { surveyUuid } = await insertStudyWithSurvey({ status: "finished" });
    const { cookie } = await staffWithSession();
    const res = await getSurvey(surveyUuid, { cookie });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe(20);
  });

  it("never renews the staff session, so the answer carries no Set-Cookie", async () => {
    const { surveyUuid } = await insertStudyWithSurvey({ status: "not_started" });
    const { cookie } = await staffWithSession();
    const token = cookie.split("=")[1];
    const db = await getDb();
    // Close to expiry: an ordinary staff call would renew it and send the cookie again.
    const soon = new Date(Date.now() + 60_000);
    await db
      .update(sessions)
      .set({ expiresAt: soon })
      .where(eq(sessions.id, sha256Hex(token)));
    const res = await getSurvey(surveyUuid, { query: "?preview=1", cookie });
    expect(res.status).toBe(200);
    expect(res.setCookies).toEqual([]);
    const [row] = await db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sha256Hex(token)));
    expect(row.expiresAt.getTime()).toBe(soon.getTime());
  });

  it("gives the editor's new version once the survey is saved again", async () => {
    const { studyId, surveyUuid } = await insertStudyWithSurvey();
    const first = (await getSurvey(surveyUuid)).body;
    expect(first.version).toBe(0);
    expect((await getSurvey(surveyUuid)).body.version).toBe(0);
    const { cookie } = await staffWithSession();
    const saved = await call(PUT, {
      method: "PUT",
      path: `/api/study/${studyId}/survey`,
      params: { id: String(studyId) },
      cookie,
      body: { study_id: studyId, survey_uuid: surveyUuid, steps: first.steps, version: 0 },
    });
    expect(saved.status).toBe(200);
    expect((await getSurvey(surveyUuid)).body.version).toBe(saved.body.version);
    expect(saved.body.version).toBe(1);
  });
});

async function responseCount(): Promise<number> {
  const db = await getDb();
  return (await db.select({ id: surveyResponses.id }).from(surveyResponses)).length;
}
