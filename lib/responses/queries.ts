import "server-only";
import { surveyResponses } from "@/db/schema";

/**
 * The columns a stored response is read with to be opened: what `openResponse` needs (id,
 * study id, row version, key id, ciphertext) and the day it came in. The export and the
 * participant's own look-up select these, the look-up adding its study's name.
 */
export const sealedResponseColumns = {
  id: surveyResponses.id,
  studyId: surveyResponses.studyId,
  version: surveyResponses.version,
  keyId: surveyResponses.keyId,
  submittedOn: surveyResponses.submittedOn,
  answers: surveyResponses.answers,
};
