import "server-only";
import { createHmac } from "node:crypto";
import { keyObjectOf } from "@/lib/crypto/key-objects";
import { deriveKey } from "@/lib/crypto/aead";
import { responsesKeyRing, type Keyed } from "@/lib/crypto/keyring";
import { base32 } from "@/lib/crypto/tokens";
import type { StoredAnswer } from "@/lib/surveys/answers.shared";

/**
 * What a submission id turns into. The runner makes the id (a random UUID) when the survey
 * starts and sends it with the answers; the server never stores it. From it come, each under
 * its own key derived from RESPONSES_KEY (kept outside the database):
 * - the participant's token, so a retry of the same submission gets the same token back
 *   without the token being stored anywhere;
 * - the submission hash, stored and unique per study, so a retry finds its first row;
 * - the answers hash, stored beside it, which tells a true retry (same answers) from another
 *   submission under the same id. The id is part of its input, so even someone holding
 *   RESPONSES_KEY cannot test guessed answers against it without the id, which exists only in
 *   the participant's browser.
 */
export type SubmissionDerivation = {
  token: string;
  submissionHash: string;
  answersHash: string;
};

function mac(key: Keyed<Buffer>, purpose: string, ...parts: string[]): Buffer {
  // Length-prefixed parts, so no two different inputs can run together into one string.
  const h = createHmac("sha256", keyObjectOf(deriveKey(key.key, purpose)));
  for (const part of parts) h.update(`${Buffer.byteLength(part)}:${part}`);
  return h.digest();
}

/** The answers as a fixed string: only what the participant chose, in the survey's order. */
export function canonicalAnswers(answers: StoredAnswer[]): string {
  return JSON.stringify(
    answers.map((a) => {
      switch (a.type) {
        case "open_question":
          return [a.type, a.data_name, a.open_answer];
        case "multiple_choice":
          // The same choices in another order are the same answer.
          return [a.type, a.data_name, [...a.selected_options].sort()];
        case "scale":
          return [a.type, a.data_name, a.scale_value];
      }
    }),
  );
}

/** The stored hash of a submission id alone: how a retry finds its first row. */
export function submissionHashOf(
  studyId: number,
  submissionId: string,
  key: Keyed<Buffer> = responsesKeyRing().current,
): string {
  return mac(key, "survey-submission-id", String(studyId), submissionId.toLowerCase()).toString(
    "hex",
  );
}

export function deriveSubmission(
  studyId: number,
  submissionId: string,
  answers: StoredAnswer[],
  key: Keyed<Buffer> = responsesKeyRing().current,
): SubmissionDerivation {
  const id = submissionId.toLowerCase();
  const study = String(studyId);
  return {
    // 160 bits, base32: the same form as a random token, so look-up treats both alike.
    token: base32(mac(key, "survey-submission-token", study, id).subarray(0, 20)),
    submissionHash: submissionHashOf(studyId, id, key),
    answersHash: mac(
      key,
      "survey-submission-answers",
      study,
      id,
      canonicalAnswers(answers),
    ).toString("hex"),
  };
}
