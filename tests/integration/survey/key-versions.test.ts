import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as submitRoute } from "@/app/api/survey/[surveyUuid]/submit/route";
import { POST as deleteRoute } from "@/app/api/survey/response/delete/route";
import { POST as lookupRoute } from "@/app/api/survey/response/lookup/route";
import { getDb } from "@/db/client";
import { surveyResponses } from "@/db/schema";
import { encrypt } from "@/lib/crypto/aead";
import { keyId } from "@/lib/crypto/keyring";
import { randomToken, sha256Hex } from "@/lib/crypto/tokens";
import { studyResponses } from "@/lib/responses/export";
import { lookupResponse } from "@/lib/responses/lookup";
import { withEnv } from "../../support/config";
import { call } from "../../support/http";
import { insertStudyWithSurvey, nextIp, validAnswers } from "../../support/survey";

const KEY_A = Buffer.alloc(32, 7).toString("base64"); // the test environment's RESPONSES_KEY
const KEY_B = Buffer.alloc(32, 9).toString("base64");

const submit = (surveyUuid: string, body: unknown) =>
  call(submitRoute, {
    path: `/api/survey/${surveyUuid}/submit`,
    params: { surveyUuid },
    body,
    ip: nextIp(),
  });
const lookup = (token: string) =>
  call(lookupRoute, { path: "/api/survey/response/lookup", body: { token }, ip: nextIp() });

async function rowsOf(studyId: number) {
  const db = await getDb();
  return db.select().from(surveyResponses).where(eq(surveyResponses.studyId, studyId));
}

async function collect<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}

/** A row exactly as the code before keyed hashes wrote it: SHA-256 token hash, no AAD, no key id. */
async function insertLegacyRow(studyId: number) {
  const token = randomToken();
  const answers = [
    {
      type: "scale",
      data_name: "impact",
      scale_value: 3,
      question_text: "How big was the impact?",
    },
  ];
  const db = await getDb();
  await db.insert(surveyResponses).values({
    studyId,
    tokenHash: sha256Hex(`survey-response:${token}`),
    answers: encrypt(
      Buffer.from(KEY_A, "base64"),
      JSON.stringify({ v: 1, study_id: studyId, answers }),
    ),
  });
  return token;
}

describe("keyed token hashes and bound ciphertexts", () => {
  it("stores new responses as version 2: a keyed token hash and the key's id", async () => {
    const { studyId, surveyUuid } = await insertStudyWithSurvey();
    const res = await submit(surveyUuid, { answers: validAnswers() });
    expect(res.status).toBe(200);
    const [row] = await rowsOf(studyId);
    expect(row.version).toBe(2);
    expect(row.keyId).toBe(keyId(Buffer.from(KEY_A, "base64")));
    // Not the unkeyed hash: a copy of the database alone cannot test a token.
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.tokenHash).not.toBe(sha256Hex(`survey-response:${res.body.token}`));
    expect((await lookup(res.body.token)).status).toBe(200);
  });

  it("keeps rows written before the change readable: look-up, export and delete", async () => {
    const { studyId } = await insertStudyWithSurvey();
    const token = await insertLegacyRow(studyId);
    const found = await lookup(token.toUpperCase());
    expect(found.status).toBe(200);
    expect(found.body.answers).toEqual([
      expect.objectContaining({ data_name: "impact", scale_value: 3 }),
    ]);
    const exported = await collect(studyResponses(studyId));
    expect(exported.map((r) => r.answers[0])).toEqual([
      expect.objectContaining({ scale_value: 3 }),
    ]);
    const deleted = await call(deleteRoute, {
      path: "/api/survey/response/delete",
      body: { token },
      ip: nextIp(),
    });
    expect(deleted.status).toBe(200);
    expect(await rowsOf(studyId)).toHaveLength(0);
  });

  it("refuses a ciphertext copied onto another response of the same study", async () => {
    const { studyId, surveyUuid } = await insertStudyWithSurvey();
    const a = await submit(surveyUuid, { answers: validAnswers() });
    const b = await submit(surveyUuid, {
      answers: validAnswers().map((x) => (x.type === "scale" ? { ...x, scale_value: 1 } : x)),
    });
    const rows = await rowsOf(studyId);
    const db = await getDb();
    const [rowA] = await db
      .select()
      .from(surveyResponses)
      .where(eq(surveyResponses.tokenHash, rows.find((r) => r.tokenHash)!.tokenHash));
    const other = rows.find((r) => r.id !== rowA.id)!;
    await db
      .update(surveyResponses)
      .set({ answers: rowA.answers })
      .where(eq(surveyResponses.id, other.id));
    const tokens = [a.body.token as string, b.body.token as string];
    const results = await Promise.allSettled(tokens.map((t) => lookupResponse(t)));
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    const failure = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(String(failure.reason)).toMatch(/do not belong to this row/);
    await expect(collect(studyResponses(studyId))).rejects.toThrow(/do not belong to this row/);
  });

  it("reads answers sealed under an earlier RESPONSES_KEY kept in RESPONSES_KEY_PREVIOUS", async () => {
    const { studyId, surveyUuid } = await insertStudyWithSurvey();
    const legacyToken = await insertLegacyRow(studyId);
    const before = await submit(surveyUuid, { answers: validAnswers() });
    expect(before.status).toBe(200);

    await withEnv({ RESPONSES_KEY: KEY_B, RESPONSES_KEY_PREVIOUS: KEY_A }, async () => {
      expect((await lookup(before.body.token)).status).toBe(200);
      expect((await lookup(legacyToken)).status).toBe(200);
      const after = await submit(surveyUuid, {
        answers: validAnswers(),
        submission_id: randomUUID(),
      });
      expect(after.status).toBe(200);
      const rows = await rowsOf(studyId);
      expect(rows.map((r) => r.keyId).sort()).toEqual(
        [null, keyId(Buffer.from(KEY_A, "base64")), keyId(Buffer.from(KEY_B, "base64"))].sort(),
      );
      expect(await collect(studyResponses(studyId))).toHaveLength(3);
    });

    // Without the earlier key its rows cannot be found or opened (docs/operations.md: keep it for reading).
    await withEnv({ RESPONSES_KEY: KEY_B }, async () => {
      expect((await lookup(before.body.token)).status).toBe(404);
      await expect(collect(studyResponses(studyId))).rejects.toThrow(/RESPONSES_KEY/);
    });
  });

  it("recognises a retry of a submission stored before the key was rotated: one row, its token", async () => {
    const { studyId, surveyUuid } = await insertStudyWithSurvey();
    const submission_id = randomUUID();
    const first = await submit(surveyUuid, { answers: validAnswers(), submission_id });
    expect(first.status).toBe(200);
    // The reply was lost; RESPONSES_KEY was rotated before the participant sent again.
    await withEnv({ RESPONSES_KEY: KEY_B, RESPONSES_KEY_PREVIOUS: KEY_A }, async () => {
      const retry = await submit(surveyUuid, { answers: validAnswers(), submission_id });
      expect(retry.status).toBe(200);
      expect(retry.body.token).toBe(first.body.token);
      // Other answers under the same id are still the code 28 they always were.
      const changed = validAnswers().map((a) =>
        a.data_name === "impact" ? { ...a, scale_value: 2 } : a,
      );
      const other = await submit(surveyUuid, { answers: changed, submission_id });
      expect(other.status).toBe(409);
      expect(other.body.error.code).toBe(28);
      expect((await lookup(first.body.token)).status).toBe(200);
    });
    expect(await rowsOf(studyId)).toHaveLength(1);
  });
});
