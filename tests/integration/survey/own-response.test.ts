import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as submitRoute } from "@/app/api/survey/[surveyUuid]/submit/route";
import { POST as deleteRoute } from "@/app/api/survey/response/delete/route";
import { POST as lookupRoute } from "@/app/api/survey/response/lookup/route";
import { getDb } from "@/db/client";
import { studies, surveyResponses } from "@/db/schema";
import { call } from "../../support/http";
import { insertStudyWithSurvey, nextIp, validAnswers } from "../../support/survey";
import { stopClock } from "../../support/clock";

async function submitted(o: { name?: string } = {}) {
  const { studyId, surveyUuid } = await insertStudyWithSurvey({ name: o.name ?? "Lookup study" });
  const res = await call(submitRoute, {
    path: `/api/survey/${surveyUuid}/submit`,
    params: { surveyUuid },
    body: { answers: validAnswers() },
    ip: nextIp(),
  });
  expect(res.status).toBe(200);
  return { studyId, token: res.body.token as string };
}

function lookup(body: unknown, ip = nextIp()) {
  return call(lookupRoute, { path: "/api/survey/response/lookup", body, ip });
}

function remove(body: unknown, ip = nextIp()) {
  return call(deleteRoute, { path: "/api/survey/response/delete", body, ip });
}

async function rowCount(studyId: number) {
  const db = await getDb();
  return (await db.select().from(surveyResponses).where(eq(surveyResponses.studyId, studyId)))
    .length;
}

const today = () => new Date().toISOString().slice(0, 10);

describe("POST /api/survey/response/lookup", () => {
  it("shows the token's holder the study, the date and what they answered", async () => {
    const { token } = await submitted({ name: "My study" });
    const res = await lookup({ token });
    expect(res.status).toBe(200);
    expect(res.setCookies).toEqual([]);
    expect(res.body.study_name).toBe("My study");
    // The database's current date; UTC here, and at most a day apart anywhere.
    expect(Math.abs(Date.parse(res.body.submitted_on) - Date.parse(today()))).toBeLessThanOrEqual(
      86_400_000,
    );
    expect(res.body.answers).toEqual([
      {
        type: "open_question",
        data_name: "story",
        question_text: "What happened?",
        open_answer: "A very private story 7f3a",
      },
      {
        type: "multiple_choice",
        data_name: "place",
        question_text: "Where?",
        selected_options: ["Work"],
      },
      {
        type: "multiple_choice",
        data_name: "help",
        question_text: "Who helped?",
        selected_options: ["Friends", "Family"],
      },
      {
        type: "scale",
        data_name: "impact",
        question_text: "How big was the impact?",
        scale_value: 4,
      },
    ]);
  });

  it("accepts the token typed in capitals or with spaces", async () => {
    const { token } = await submitted();
    const spaced = token.toUpperCase().replace(/(.{4})/g, "$1 ");
    expect((await lookup({ token: spaced })).status).toBe(200);
  });

  it("keeps working after the study has closed", async () => {
    const { studyId, token } = await submitted();
    const db = await getDb();
    await db.update(studies).set({ status: "finished" }).where(eq(studies.id, studyId));
    expect((await lookup({ token })).status).toBe(200);
  });

  it("answers 404 code 14 for an unknown token", async () => {
    const res = await lookup({ token: "a".repeat(32) });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 14, message: "Model not found" } });
  });

  it.each([
    [{}],
    [{ token: "" }],
    [{ token: "   " }],
    [{ token: 12 }],
    [{ token: "x".repeat(201) }],
  ])("answers 400 code 22 for %j", async (body) => {
    const res = await lookup(body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(22);
    expect(res.body.error.fields).toHaveProperty("token");
  });

  it("limits look-ups per client with 429 code 23", async () => {
    stopClock();
    const ip = "198.18.1.30";
    for (let i = 0; i < 30; i++)
      expect((await lookup({ token: `guess${i}` }, ip)).status).toBe(404);
    const { token } = await submitted();
    const refused = await lookup({ token }, ip);
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe(23);
    // Deleting shares the same budget, so guessing cannot move over to it.
    expect((await remove({ token }, ip)).status).toBe(429);
  });

  it("refuses a call from another origin", async () => {
    const { token } = await submitted();
    const res = await call(lookupRoute, {
      path: "/api/survey/response/lookup",
      body: { token },
      origin: "https://evil.example",
    });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe(26);
  });
});

describe("POST /api/survey/response/delete", () => {
  it("removes the response; the token then answers 404 code 14 everywhere", async () => {
    const { studyId, token } = await submitted();
    const other = await submitted();
    expect(await rowCount(studyId)).toBe(1);

    const res = await remove({ token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    expect(res.setCookies).toEqual([]);
    expect(await rowCount(studyId)).toBe(0);

    const again = await remove({ token });
    expect(again.status).toBe(404);
    expect(again.body.error.code).toBe(14);
    const looked = await lookup({ token });
    expect(looked.status).toBe(404);
    expect(looked.body.error.code).toBe(14);

    // Someone else's response is untouched.
    expect(await rowCount(other.studyId)).toBe(1);
    expect((await lookup({ token: other.token })).status).toBe(200);
  });

  it("answers 404 code 14 for an unknown token and deletes nothing", async () => {
    const { studyId } = await submitted();
    const res = await remove({ token: "b".repeat(32) });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe(14);
    expect(await rowCount(studyId)).toBe(1);
  });

  it("answers 400 code 22 without a token", async () => {
    const res = await remove({});
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(22);
  });

  it("refuses a call from another origin and deletes nothing", async () => {
    const { studyId, token } = await submitted();
    const res = await call(deleteRoute, {
      path: "/api/survey/response/delete",
      body: { token },
      origin: "https://evil.example",
    });
    expect(res.status).toBe(403);
    expect(await rowCount(studyId)).toBe(1);
  });
});
