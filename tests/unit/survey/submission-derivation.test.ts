import { describe, expect, it } from "vitest";
import { deriveSubmission } from "@/lib/responses/submission";
import { legacyResponseTokenHash, responseTokenHash } from "@/lib/responses/token";
import type { Answer, StoredAnswer } from "@/lib/surveys/answers.shared";

/**
 * Fixed values for a fixed key. The submission and answers hashes are stored, and a retry must
 * still find them after an upgrade; the token's hash is what a participant's token is looked up
 * by. Any change to how they are derived fails here rather than stranding stored rows.
 */
const key = { id: "fixed", key: Buffer.alloc(32, 3) };
const answers: StoredAnswer[] = [
  { type: "multiple_choice", data_name: "help", selected_options: ["b", "a"], question_text: "" },
  { type: "scale", data_name: "impact", scale_value: 4, question_text: "How big?" },
];
const sent: Answer[] = [
  { type: "multiple_choice", data_name: "help", selected_options: ["b", "a"] },
  { type: "scale", data_name: "impact", scale_value: 4 },
];
const TOKEN = "fhirfcorm6kkfmie3y2b23xgls2m5emp";

describe("what a submission id derives", () => {
  it("gives the same token and hashes as ever, whatever the id's case", () => {
    const expected = {
      token: TOKEN,
      submissionHash: "13f5d2181cb50217b3a3bf2baa903d367d14cc795dcac94499857e6e485a55fb",
      answersHash: "33f5b2bfeb167a2b574b299abfb06d407cdedfc87b2c3c499424f6812bb5ec31",
      keptAnswersHashes: [
        // The kept answers are the ones sent here: the same hash.
        "33f5b2bfeb167a2b574b299abfb06d407cdedfc87b2c3c499424f6812bb5ec31",
        // What rows stored before the answers as sent were hashed hold: a retry across the
        // upgrade still finds them.
        "f60d7ffb304eab0cf8dda4ccec9e38d51c819c3e1f7fc5b998a48e9b9755b65f",
      ],
    };
    const id = "3F2504E0-4F89-11D3-9A0C-0305E82C3301";
    for (const typed of [id, id.toLowerCase()]) {
      const { keptAnswersHashes, ...derived } = deriveSubmission(
        7,
        typed,
        { sent, kept: answers },
        key,
      );
      expect({ ...derived, keptAnswersHashes: keptAnswersHashes() }).toEqual(expected);
    }
  });

  it("hashes the answers as sent in an order of their own: the survey's form does not matter", () => {
    const id = "3F2504E0-4F89-11D3-9A0C-0305E82C3301";
    const { answersHash } = deriveSubmission(7, id, { sent }, key);
    const reordered: Answer[] = [
      { type: "scale", data_name: "impact", scale_value: 4 },
      { type: "multiple_choice", data_name: "help", selected_options: ["a", "b"] },
    ];
    expect(deriveSubmission(7, id, { sent: reordered }, key).answersHash).toBe(answersHash);
    const other: Answer[] = [
      { ...sent[0] },
      { type: "scale", data_name: "impact", scale_value: 3 },
    ];
    expect(deriveSubmission(7, id, { sent: other }, key).answersHash).not.toBe(answersHash);
    expect(deriveSubmission(7, id, { sent }, key).keptAnswersHashes()).toEqual([]);
  });
});

describe("a token's stored hash", () => {
  it("is the same as ever, however the token is typed", () => {
    const hash = "c7387b2014a34b127b59ab25969dc6cbdac7c7d460406436c7bc792069188335";
    expect(responseTokenHash(TOKEN, key)).toBe(hash);
    expect(responseTokenHash(" FHIR-FCOR m6kk--fmie\t3y2b 23xg-ls2m-5emp ", key)).toBe(hash);
    expect(legacyResponseTokenHash(TOKEN)).toBe(
      "4ccea3030ad24b0cf8135a9d73854c39117d5e892c7d890986604b11af75b4c0",
    );
  });
});
