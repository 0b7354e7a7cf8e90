import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as duplicateRoute } from "@/app/api/study/[id]/duplicate/route";
import { getDb } from "@/db/client";
import { studies, studyAttachments, surveyQuestions } from "@/db/schema";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { studyNameSchema } from "@/lib/studies/admin-schemas.shared";
import { copyName } from "@/lib/studies/duplicate";
import type { StudyDto } from "@/lib/studies/schemas.shared";
import type { Answer } from "../../support/answer";
import { auditRows } from "../../support/audit";
import { call } from "../../support/http";
import { staffWithSession } from "../../support/staff";
import { addAttachmentRow, addResponses, rowsOf } from "../../support/studies-admin";
import { insertStudyWithSurvey, sampleSteps, storedSurvey } from "../../support/survey";

let staff: { cookie: string; user: { id: number; email: string } };

beforeAll(async () => {
  staff = await staffWithSession({ admin: false });
});

function duplicate(id: number | string, o: { cookie?: string | null; locale?: string } = {}) {
  const cookie = o.cookie === null ? undefined : (o.cookie ?? staff.cookie);
  return call<Answer<StudyDto>>(duplicateRoute, {
    method: "POST",
    path: `/api/study/${id}/duplicate`,
    params: { id: String(id) },
    cookie: o.locale && cookie ? `${cookie}; NEXT_LOCALE=${o.locale}` : cookie,
  });
}

describe("POST /api/study/{id}/duplicate", () => {
  it("copies descriptions, PDFs and the survey with its logic into a new not-started study", async () => {
    const steps = sampleSteps();
    const { studyId, surveyUuid } = await insertStudyWithSurvey({
      name: "Grenzen",
      status: "open",
      steps,
    });
    const db = await getDb();
    await db
      .update(studies)
      .set({ shortDescription: "<p>Kort</p>", description: "<p>Lang</p>" })
      .where(eq(studies.id, studyId));
    await addAttachmentRow(studyId, "informatie.pdf");
    await addResponses(studyId, 3);

    const res = await duplicate(studyId);
    expect(res.status).toBe(200);
    const copy = res.body as StudyDto;
    expect(copy).toMatchObject({
      name: "Grenzen (kopie)",
      status: "not_started",
      short_description: "<p>Kort</p>",
      description: "<p>Lang</p>",
    });
    expect(copy.id).not.toBe(studyId);
    expect(copy.survey_uuid).not.toBe(surveyUuid);

    const survey = await storedSurvey(copy.id);
    expect(survey.steps).toEqual((await storedSurvey(studyId)).steps);
    expect(survey.version).toBe(0);
    expect(await rowsOf(copy.id)).toEqual({ study: 1, surveys: 1, responses: 0, attachments: 1 });
    const [sourcePdf] = await db
      .select()
      .from(studyAttachments)
      .where(eq(studyAttachments.studyId, studyId));
    const [copiedPdf] = await db
      .select()
      .from(studyAttachments)
      .where(eq(studyAttachments.studyId, copy.id));
    expect(copiedPdf.originalFilename).toBe("informatie.pdf");
    expect(Buffer.from(copiedPdf.data).equals(Buffer.from(sourcePdf.data))).toBe(true);
    // The export of the copy knows its questions from the start.
    const questions = await db
      .select()
      .from(surveyQuestions)
      .where(eq(surveyQuestions.surveyId, survey.id));
    expect(questions.length).toBeGreaterThan(0);
    // The source is untouched.
    expect(await rowsOf(studyId)).toEqual({ study: 1, surveys: 1, responses: 3, attachments: 1 });

    const rows = (await auditRows()).filter((r) => r.action === "study_duplicated");
    expect(rows.at(-1)).toMatchObject({
      actorId: staff.user.id,
      targetType: "study",
      targetId: copy.id,
      details: { source_study_id: studyId },
    });
  });

  it("names the copy in the caller's language and keeps the name within its limit", async () => {
    const { studyId } = await insertStudyWithSurvey({ name: "Boundaries" });
    const res = await duplicate(studyId, { locale: "en" });
    expect((res.body as StudyDto).name).toBe("Boundaries (copy)");
    const long = "x".repeat(200);
    expect(Array.from(copyName(long, "nl")).length).toBe(200);
    expect(copyName(long, "nl").endsWith(" (kopie)")).toBe(true);
    // A valid name of 100 emoji is 200 UTF-16 units, the limit as the schema counts it: the copy's
    // name passes the same schema, cut between two emoji.
    const emoji = "\u{1F642}".repeat(100);
    const copied = copyName(emoji, "en");
    expect(studyNameSchema.safeParse(emoji).success).toBe(true);
    expect(studyNameSchema.safeParse(copied).success).toBe(true);
    expect(copied).toBe("\u{1F642}".repeat(96) + " (copy)");
  });

  it("answers 404 code 14 for an unknown study, 401 without a session, and changes nothing", async () => {
    const db = await getDb();
    const before = (await db.select().from(studies)).length;
    const unknown = await duplicate(999_999);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ error: { code: ErrorCode.NOT_FOUND } });
    const anonymous = await duplicate(1, { cookie: null });
    expect(anonymous.status).toBe(401);
    expect((await db.select().from(studies)).length).toBe(before);
  });
});
