"use client";

import { useEffect, useRef, useState } from "react";
import { useApiMutation } from "@/components/data/use-api-mutation";
import { ErrorCode } from "@/lib/errors/codes.shared";
import type { Answer, SubmitResult } from "@/lib/surveys/answers.shared";
import { newSubmissionId } from "./runner-state";
import { isDatabaseAway, retryDelayMs } from "./submit-retry";

/** At most this many different sets of answers are remembered under one submission id. */
export const MAX_SENT_UNDER_ID = 3;

export type SubmitOutcome =
  /** Stored; `earlier` when what is stored are answers sent before the ones on screen. */
  | { kind: "stored"; token: string; earlier: boolean }
  /** The study closed while they answered: the reason in the reader's words. */
  | { kind: "closed"; message: string }
  /** Not stored (or not known to be): `errorMessage` says why; the answers stay. */
  | { kind: "failed" }
  /** The runner went away while waiting to send again. */
  | { kind: "gone" };

const sameAnswers = (a: Answer[], b: Answer[]) => JSON.stringify(a) === JSON.stringify(b);

/** `sent` with `payload` as its latest entry, without repeats, the last few only. */
export function withSent(sent: Answer[][], payload: Answer[]): Answer[][] {
  return [...sent.filter((p) => !sameAnswers(p, payload)), payload].slice(-MAX_SENT_UNDER_ID);
}

/**
 * Sending the survey's answers as one submission. The submission id is made when the survey
 * starts (or read back with the answers kept in the tab), so a request sent again after a lost
 * answer is the same submission, answered with its token instead of stored twice; while the
 * database is away (503 code 13) it is sent again by itself (submit-retry.ts).
 *
 * Every set of answers sent under the id is remembered (`sent`, kept in the tab beside the
 * answers). When answers were stored but the reply was lost, and the participant then changed
 * an answer and sent again, the server refuses the changed answers with code 28 and would do so
 * for good. The earlier sets are then sent again, the latest first: the one stored is answered
 * with its token, which the runner shows, saying that those earlier answers are what is stored.
 */
export function useSurveySubmission(
  surveyUuid: string,
  restored: { submissionId?: string; sent?: Answer[][] } | null,
) {
  const mutation = useApiMutation();
  const [submissionId, setSubmissionId] = useState<string>(
    () => restored?.submissionId ?? newSubmissionId(),
  );
  const [sent, setSent] = useState<Answer[][]>(() => restored?.sent ?? []);
  const [retrying, setRetrying] = useState(false);
  // Cleared when the runner goes away, so a retry waiting for its turn sends nothing after it.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  /** One set of answers until it is stored or refused; null when the runner went away. */
  async function sendUntilAnswered(answers: Answer[]) {
    const send = () =>
      mutation.run<SubmitResult>({
        path: `/api/survey/${encodeURIComponent(surveyUuid)}/submit`,
        body: { answers, submission_id: submissionId },
      });
    let result = await send();
    for (let attempt = 0; isDatabaseAway(result); attempt++) {
      setRetrying(true);
      await new Promise((resolve) => setTimeout(resolve, retryDelayMs(attempt)));
      if (!mounted.current) return null;
      result = await send();
    }
    setRetrying(false);
    return result;
  }

  async function submit(payload: Answer[]): Promise<SubmitOutcome> {
    const earlier = sent.filter((p) => !sameAnswers(p, payload)).reverse();
    setSent(withSent(sent, payload));
    let result = await sendUntilAnswered(payload);
    let fromEarlier = false;
    for (const answers of earlier) {
      if (!result || result.ok || result.error.code !== ErrorCode.ALREADY_SUBMITTED) break;
      result = await sendUntilAnswered(answers);
      fromEarlier = true;
    }
    if (!result) return { kind: "gone" };
    if (result.ok) return { kind: "stored", token: result.data.token, earlier: fromEarlier };
    if (result.error.code === ErrorCode.STUDY_NOT_OPEN) {
      return { kind: "closed", message: result.message };
    }
    return { kind: "failed" };
  }

  /** A new filling-in: nothing of the last one goes with it. */
  function renew() {
    setSubmissionId(newSubmissionId());
    setSent([]);
    mutation.reset();
  }

  return {
    submissionId,
    sent,
    submit,
    renew,
    retrying,
    pending: mutation.pending || retrying,
    errorMessage: retrying ? null : mutation.errorMessage,
    resetError: mutation.reset,
  };
}
