import "server-only";
import { z } from "zod";
import { getConfig } from "@/lib/config";
import { decrypt, encrypt } from "@/lib/crypto/aead";
import { storedAnswerSchema, type StoredAnswer } from "@/lib/surveys/answers";

/**
 * Answers are AES-256-GCM ciphertext under RESPONSES_KEY, which lives outside the database, so
 * a dump or backup alone reveals no answer. The study id is sealed in with them and checked on
 * opening, so ciphertext copied onto another study's row is refused rather than misattributed.
 */
const sealedSchema = z.object({
  v: z.literal(1),
  study_id: z.number().int(),
  answers: z.array(storedAnswerSchema),
});

export function sealAnswers(studyId: number, answers: StoredAnswer[]): Buffer {
  const plaintext = JSON.stringify({ v: 1, study_id: studyId, answers });
  return encrypt(getConfig().responsesKey, plaintext);
}

export function openAnswers(studyId: number, payload: Buffer): StoredAnswer[] {
  const sealed = sealedSchema.parse(
    JSON.parse(decrypt(getConfig().responsesKey, payload).toString("utf8")),
  );
  if (sealed.study_id !== studyId) throw new Error("Sealed answers belong to another study");
  return sealed.answers;
}
