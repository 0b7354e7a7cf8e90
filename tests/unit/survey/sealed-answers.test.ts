import { describe, expect, it } from "vitest";
import { encrypt } from "@/lib/crypto/aead";
import { responsesKeyRing } from "@/lib/crypto/keyring";
import { openAnswers, openResponse, SealedAnswersError } from "@/lib/responses/sealed-answers";
import type { StoredAnswer } from "@/lib/surveys/answers.shared";

const answers: StoredAnswer[] = [
  { type: "scale", data_name: "impact", scale_value: 4, question_text: "How big?" },
];
const ID = "0d6e3f2a-8b1c-4f7e-9a2d-5c4b3a291807";
const key = () => responsesKeyRing().current;

function refusal(row: Parameters<typeof openAnswers>[0]): SealedAnswersError {
  try {
    openAnswers(row);
  } catch (error) {
    expect(error).toBeInstanceOf(SealedAnswersError);
    return error as SealedAnswersError;
  }
  throw new Error("The row was opened");
}

describe("openAnswers", () => {
  it("opens a row sealed to its lower-case id and study, the form rows are stored in", () => {
    // Spelled out here rather than taken from sealAnswers: stored rows keep this form forever.
    const sealed = encrypt(
      key().key,
      JSON.stringify({ v: 2, study_id: 12, answers }),
      `survey_responses:v2:${ID}:12`,
    );
    const row = { id: ID, studyId: 12, version: 2, keyId: key().id, answers: sealed };
    expect(openAnswers(row)).toEqual(answers);
    expect(openAnswers({ ...row, id: ID.toUpperCase() })).toEqual(answers);
  });

  it("opens the list of questions shown beside the answers, absent in older rows", () => {
    const seal = (content: object) =>
      encrypt(key().key, JSON.stringify(content), `survey_responses:v2:${ID}:12`);
    const row = { id: ID, studyId: 12, version: 2, keyId: key().id };
    const shown = ["impact", "remarks"];
    const withShown = { ...row, answers: seal({ v: 2, study_id: 12, answers, shown }) };
    expect(openResponse(withShown)).toEqual({ answers, shown });
    expect(openAnswers(withShown)).toEqual(answers);
    const older = { ...row, answers: seal({ v: 2, study_id: 12, answers }) };
    expect(openResponse(older)).toEqual({ answers });
  });

  it("names the key a row needs when it is not configured", () => {
    const sealed = encrypt(key().key, JSON.stringify({ v: 2, study_id: 12, answers }));
    const row = { id: ID, studyId: 12, version: 2, keyId: "0badc0de", answers: sealed };
    const unknown = refusal(row);
    expect(unknown.name).toBe("SealedAnswersError");
    expect(unknown.message).toBe(
      "Answers sealed under RESPONSES_KEY 0badc0de, which is not configured (RESPONSES_KEY_PREVIOUS)",
    );
    expect(refusal({ ...row, keyId: null }).message).toBe(
      "Answers sealed under RESPONSES_KEY (none), which is not configured (RESPONSES_KEY_PREVIOUS)",
    );
  });

  it("refuses a version 1 row whose sealed study is another, or that no key opens", () => {
    const v1 = (studyId: number) =>
      encrypt(key().key, JSON.stringify({ v: 1, study_id: studyId, answers }));
    const row = { id: ID, studyId: 12, version: 1, keyId: null, answers: v1(12) };
    expect(openAnswers(row)).toEqual(answers);
    expect(refusal({ ...row, answers: v1(13) }).message).toBe(
      "Sealed answers belong to another study",
    );
    const otherKey = encrypt(Buffer.alloc(32, 9), JSON.stringify({ v: 1, study_id: 12, answers }));
    expect(refusal({ ...row, answers: otherKey }).message).toBe(
      "No configured RESPONSES_KEY opens these answers",
    );
  });
});
