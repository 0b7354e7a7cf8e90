import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { surveyResponses } from "@/db/schema";
import { studyResponsePages } from "@/lib/responses/export";
import { exportResponses } from "@/lib/responses/export-download";
import { sealedResponseRow } from "@/lib/responses/sealed-answers";
import { deriveSubmission } from "@/lib/responses/submission";
import { submitResponse } from "@/lib/responses/submit";
import { responseTokenHash } from "@/lib/responses/token";
import type { Answer } from "@/lib/surveys/answers.shared";
import { insertStudyWithSurvey, validAnswers } from "../../support/survey";

const scale = (value: number) => [
  { type: "scale" as const, data_name: "impact", scale_value: value, question_text: "S" },
];

async function studyWith(count: number) {
  const { studyId, surveyUuid } = await insertStudyWithSurvey({ name: "Paged" });
  if (count > 0) {
    const db = await getDb();
    await db.insert(surveyResponses).values(
      Array.from({ length: count }, (_, i) => ({
        ...sealedResponseRow(studyId, scale(i + 1)),
        tokenHash: `paged-${studyId}-${i}`,
      })),
    );
  }
  return { studyId, surveyUuid };
}

async function pageSizes(studyId: number, pageSize: number) {
  const sizes: number[] = [];
  for await (const page of studyResponsePages(studyId, { pageSize })) sizes.push(page.length);
  return sizes;
}

describe("studyResponsePages", () => {
  it("yields full pages and a last partial one, never an empty page", async () => {
    expect(await pageSizes((await studyWith(4)).studyId, 2)).toEqual([2, 2]);
    expect(await pageSizes((await studyWith(5)).studyId, 2)).toEqual([2, 2, 1]);
    expect(await pageSizes((await studyWith(0)).studyId, 2)).toEqual([]);
  });
});

describe("exportResponses", () => {
  it("streams the CSV a page of responses at a time", async () => {
    const { studyId } = await studyWith(5);
    const res = await exportResponses(studyId, "csv", null, { pageSize: 2 });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    const linesPerChunk: number[] = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      linesPerChunk.push(decoder.decode(value).split("\r\n").length - 1);
    }
    // The header, then one chunk per page.
    expect(linesPerChunk).toEqual([1, 2, 2, 1]);
  });

  it("tells the browser not to guess what the file is", async () => {
    const { studyId } = await studyWith(1);
    for (const format of ["csv", "xlsx"] as const) {
      const res = await exportResponses(studyId, format, null);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      await res.arrayBuffer();
    }
  });
});

describe("submitResponse with a submission id", () => {
  it("gives up, storing nothing, when its token hash is taken by a row that is not its own", async () => {
    const { studyId, surveyUuid } = await studyWith(0);
    const submissionId = randomUUID();
    const { token } = deriveSubmission(studyId, submissionId, { sent: [] });
    const db = await getDb();
    await db
      .insert(surveyResponses)
      .values({ ...sealedResponseRow(studyId, scale(3)), tokenHash: responseTokenHash(token) });
    await expect(
      submitResponse(surveyUuid, validAnswers() as Answer[], submissionId),
    ).rejects.toThrow("Submission kept conflicting without a row to compare with");
    const rows = await db
      .select({ id: surveyResponses.id })
      .from(surveyResponses)
      .where(eq(surveyResponses.studyId, studyId));
    expect(rows).toHaveLength(1);
  });
});
