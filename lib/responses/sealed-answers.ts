import "server-only";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { decrypt, encrypt } from "@/lib/crypto/aead";
import { responsesKeyRing, type Keyed } from "@/lib/crypto/keyring";
import { storedAnswerSchema, type StoredAnswer } from "@/lib/surveys/answers.shared";

/**
 * Answers are AES-256-GCM ciphertext under RESPONSES_KEY, which lives outside the database, so
 * a dump or backup alone reveals no answer. Since version 2 the ciphertext is bound to its row:
 * the response id and study id are its associated data, so a ciphertext copied onto another
 * row (of this study or another) fails to open. Rows of version 1 carry the study id inside the
 * sealed JSON instead, checked on opening, and record no key id, so every configured key is
 * tried for them.
 *
 * Beside the answers, a response sealed since skip logic exists holds `shown`: the data names
 * of the questions the participant was shown, as the server worked out from the answers. The
 * survey may change later; the export still knows, per response, "not shown" from "shown, left
 * blank". Older rows have no list (their surveys had no conditions).
 */
const sealedSchema = z.object({
  v: z.union([z.literal(1), z.literal(2)]),
  study_id: z.number().int(),
  answers: z.array(storedAnswerSchema),
  shown: z.array(z.string()).optional(),
});

/** What a row's ciphertext holds. `shown` is absent in rows sealed before skip logic. */
export type OpenedResponse = { answers: StoredAnswer[]; shown?: string[] };

/** Rows written with keyed token hashes and answers bound to the row (see the schema). */
export const SEALED_VERSION = 2;

export type SealedRow = {
  id: string;
  studyId: number;
  version: number;
  keyId: string | null;
  answers: Buffer;
};

function associatedData(responseId: string, studyId: number): string {
  return `survey_responses:v2:${responseId.toLowerCase()}:${studyId}`;
}

export function sealAnswers(
  responseId: string,
  studyId: number,
  opened: OpenedResponse,
  key: Keyed<Buffer> = responsesKeyRing().current,
): Buffer {
  const plaintext = JSON.stringify({ v: 2, study_id: studyId, ...opened });
  return encrypt(key.key, plaintext, associatedData(responseId, studyId));
}

/**
 * The columns of a new response row that hold its answers: a fresh id, the answers sealed to
 * it under the current key, and that key's id and the row version. What a submission stores,
 * and what tools that fill a database in bulk (benchmarks, tests) insert. `shown` (the data
 * names of the questions shown) defaults to those answered.
 */
export function sealedResponseRow(
  studyId: number,
  answers: StoredAnswer[],
  shown: string[] = answers.map((a) => a.data_name),
) {
  const key = responsesKeyRing().current;
  const id = randomUUID();
  return {
    id,
    studyId,
    answers: sealAnswers(id, studyId, { answers, shown }, key),
    version: SEALED_VERSION,
    keyId: key.id,
  };
}

/** Thrown when no configured key opens a row: the key it needs is missing, or the row was tampered with. */
export class SealedAnswersError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SealedAnswersError";
  }
}

function parse(plaintext: Buffer, studyId: number): OpenedResponse {
  const sealed = sealedSchema.parse(JSON.parse(plaintext.toString("utf8")));
  if (sealed.study_id !== studyId)
    throw new SealedAnswersError("Sealed answers belong to another study");
  return sealed.shown
    ? { answers: sealed.answers, shown: sealed.shown }
    : { answers: sealed.answers };
}

/** The answers of a row (what lookup hands back). */
export function openAnswers(row: SealedRow): StoredAnswer[] {
  return openResponse(row).answers;
}

/** The answers of a row and, when it was sealed with one, the list of questions shown. */
export function openResponse(row: SealedRow): OpenedResponse {
  const ring = responsesKeyRing();
  if (row.version >= 2) {
    const key = row.keyId ? ring.byId(row.keyId) : undefined;
    if (!key)
      throw new SealedAnswersError(
        `Answers sealed under RESPONSES_KEY ${row.keyId ?? "(none)"}, which is not configured (RESPONSES_KEY_PREVIOUS)`,
      );
    let plaintext: Buffer;
    try {
      plaintext = decrypt(key.key, row.answers, associatedData(row.id, row.studyId));
    } catch {
      throw new SealedAnswersError(
        "Sealed answers do not belong to this row (copied from another response or study)",
      );
    }
    return parse(plaintext, row.studyId);
  }
  for (const key of ring.all) {
    let plaintext: Buffer;
    try {
      plaintext = decrypt(key.key, row.answers);
    } catch {
      continue;
    }
    return parse(plaintext, row.studyId);
  }
  throw new SealedAnswersError("No configured RESPONSES_KEY opens these answers");
}
