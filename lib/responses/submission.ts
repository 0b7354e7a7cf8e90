import "server-only";
import { createHmac } from "node:crypto";
import { keyObjectOf } from "@/lib/crypto/key-objects";
import { deriveKey } from "@/lib/crypto/aead";
import { responsesKeyRing, type Keyed } from "@/lib/crypto/keyring";
import { base32 } from "@/lib/crypto/tokens";
import type { Answer, StoredAnswer } from "@/lib/surveys/answers.shared";

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
  /** Of the answers as sent: what a new row stores, and what a retry is compared by first. */
  answersHash: string;
  /**
   * What else a stored hash may be for the same answers, from the answers the survey keeps of
   * these (none when they no longer pass it): the same hash of only those, for a retry that also
   * carried answers the survey drops (a hidden block's), and the hash rows stored before the
   * answers as sent were hashed hold (of the kept answers in the survey's order), so a retry
   * across that upgrade is still recognised.
   */
  keptAnswersHashes: () => string[];
};

function mac(key: Keyed<Buffer>, purpose: string, ...parts: string[]): Buffer {
  // Length-prefixed parts, so no two different inputs can run together into one string.
  const h = createHmac("sha256", keyObjectOf(deriveKey(key.key, purpose)));
  for (const part of parts) h.update(`${Buffer.byteLength(part)}:${part}`);
  return h.digest();
}

/** One answer as a fixed value: only what the participant chose. */
function canonicalAnswer(a: Answer) {
  switch (a.type) {
    case "open_question":
      return [a.type, a.data_name, a.open_answer];
    case "multiple_choice":
      // The same choices in another order are the same answer.
      return [a.type, a.data_name, [...a.selected_options].sort()];
    case "scale":
      return [a.type, a.data_name, a.scale_value];
  }
}

/** The answers the survey kept, in its order (how rows were hashed before `sentAnswers`). */
export function canonicalAnswers(answers: StoredAnswer[]): string {
  return JSON.stringify(answers.map(canonicalAnswer));
}

/**
 * The answers as sent, as a fixed string in an order of their own: the same whatever the survey
 * looks like when they arrive, so a retry is recognised after staff edited the survey meanwhile
 * (a condition that now hides an answer, a question that now refuses it).
 */
export function sentAnswers(answers: Answer[]): string {
  return JSON.stringify(
    answers
      .map((a) => JSON.stringify(canonicalAnswer(a)))
      .sort()
      .map((entry) => JSON.parse(entry) as unknown),
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

/**
 * What a submission id and its answers derive: `sent` the answers as they came, `kept` the
 * answers the survey took from them (undefined when they no longer pass it).
 */
export function deriveSubmission(
  studyId: number,
  submissionId: string,
  { sent, kept }: { sent: Answer[]; kept?: StoredAnswer[] },
  key: Keyed<Buffer> = responsesKeyRing().current,
): SubmissionDerivation {
  const id = submissionId.toLowerCase();
  const study = String(studyId);
  return {
    // 160 bits, base32: the same form as a random token, so look-up treats both alike.
    token: base32(mac(key, "survey-submission-token", study, id).subarray(0, 20)),
    submissionHash: submissionHashOf(studyId, id, key),
    answersHash: mac(key, "survey-submission-sent", study, id, sentAnswers(sent)).toString("hex"),
    // Made only when a retry is compared (rare): not on every submission's way.
    keptAnswersHashes: () =>
      kept
        ? [
            mac(key, "survey-submission-sent", study, id, sentAnswers(kept)).toString("hex"),
            mac(key, "survey-submission-answers", study, id, canonicalAnswers(kept)).toString(
              "hex",
            ),
          ]
        : [],
  };
}
