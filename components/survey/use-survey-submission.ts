"use client";

import { useEffect, useRef, useState } from "react";
import { useApiMutation } from "@/components/data/use-api-mutation";
import { useErrorMessage } from "@/components/data/use-error-message";
import { api, type ApiError } from "@/lib/api-client.shared";
import { ErrorCode } from "@/lib/errors/codes.shared";
import type { Answer, SubmitResult } from "@/lib/surveys/answers.shared";
import { shownFor } from "@/lib/surveys/path.shared";
import { askedFor } from "@/lib/surveys/question-fingerprint.shared";
import type { Step } from "@/lib/surveys/schema.shared";
import type { PublicSurvey } from "@/lib/surveys/types.shared";
import { newSubmissionId } from "./runner-state";
import { isDatabaseAway, retryDelayMs } from "./submit-retry";

/** At most this many different sets of answers are remembered under one submission id. */
export const MAX_SENT_UNDER_ID = 5;

export type SubmitOutcome =
  /** Stored; `earlier` when what is stored are answers sent before the ones on screen. */
  | { kind: "stored"; token: string; earlier: boolean }
  /** The study closed while they answered: the reason in the reader's words. */
  | { kind: "closed"; message: string }
  /** Not stored (or not known to be): `errorMessage` says why; the answers stay. */
  | { kind: "failed" }
  /** Refused because staff changed the survey meanwhile: `survey` is its form now. */
  | { kind: "changed"; survey: PublicSurvey }
  /** The runner went away, or started again, while this submission was on its way. */
  | { kind: "gone" };

const sameAnswers = (a: Answer[], b: Answer[]) => JSON.stringify(a) === JSON.stringify(b);

/** `sent` with `payload` as its latest entry, without repeats, the last few only. */
export function withSent(sent: Answer[][], payload: Answer[]): Answer[][] {
  return [...sent.filter((p) => !sameAnswers(p, payload)), payload].slice(-MAX_SENT_UNDER_ID);
}

/**
 * What became of the survey after a refusal of its answers: its form now, when that is no
 * longer `version`; the refusal of a study that closed meanwhile; otherwise null.
 */
async function surveyNow(
  surveyUuid: string,
  version: number,
): Promise<{ survey: PublicSurvey } | { closed: ApiError } | null> {
  const latest = await api<PublicSurvey>(`/api/survey/${encodeURIComponent(surveyUuid)}`);
  if (latest.ok) return latest.data.version !== version ? { survey: latest.data } : null;
  return latest.error.code === ErrorCode.STUDY_NOT_OPEN ? { closed: latest.error } : null;
}

/** `sent` without `payload`. */
const without = (sent: Answer[][], payload: Answer[]) =>
  sent.filter((p) => !sameAnswers(p, payload));

/**
 * Sending the survey's answers as one submission. The submission id is made when the survey
 * starts (or read back with the answers kept in the tab), so a request sent again after a lost
 * answer is the same submission, answered with its token instead of stored twice; while the
 * database is away (503 code 13) it is sent again by itself (submit-retry.ts).
 *
 * Every set of answers sent under the id whose fate is unknown is remembered, in memory only:
 * answers the participant changed or removed are not written to the tab's storage. When answers
 * were stored but the reply was lost, and the participant then changed an answer and sent again,
 * the server refuses the changed answers with code 28, and would do so for good. The earlier
 * sets are then sent again, the latest first: the one stored is answered with its token, which
 * the runner shows, saying that those earlier answers are what is stored. A set refused with 28
 * is known not to be the stored one and is forgotten, so it never crowds out the one that is.
 * After a reload only the current answers are known; a 28 is then shown as it is.
 *
 * The runner checks answers against the survey it loaded; the server against the survey as it
 * is. Answers refused as invalid (400 code 22) are therefore a sign that staff changed the survey
 * while it was answered: when its version moved on, the outcome is "changed" with the new form,
 * and the runner starts on it with the answers that still fit.
 */
export function useSurveySubmission(
  surveyUuid: string,
  version: number,
  restored: { submissionId?: string; sent?: boolean } | null,
  steps: readonly Step[],
) {
  const mutation = useApiMutation();
  const describe = useErrorMessage();
  const [submissionId, setSubmissionId] = useState<string>(
    () => restored?.submissionId ?? newSubmissionId(),
  );
  const sent = useRef<Answer[][]>([]);
  // Whether anything went out under this id (before a reload too, as the tab kept it): the tab
  // then keeps the id even with no answers.
  const [sentOnce, setSentOnce] = useState(
    () => restored?.submissionId !== undefined && restored.sent === true,
  );
  const [retrying, setRetrying] = useState(false);
  const [checking, setChecking] = useState(false);
  // Raised when the runner goes away and when it starts again: a submission still on its way
  // (waiting to retry, or trying earlier answers) sends nothing more after that.
  const round = useRef(0);
  // False once the runner has gone (the participant left the page while it was on its way).
  const present = useRef(true);
  useEffect(() => {
    const mounted = round;
    present.current = true;
    return () => {
      mounted.current += 1;
      present.current = false;
    };
  }, []);

  /** One set of answers until it is stored or refused; null once this round is over. */
  async function sendUntilAnswered(answers: Answer[], from: number) {
    const send = () =>
      mutation.run<SubmitResult>({
        path: `/api/survey/${encodeURIComponent(surveyUuid)}/submit`,
        body: {
          answers,
          submission_id: submissionId,
          asked: askedFor(steps, answers),
          shown: shownFor(steps, answers),
        },
      });
    if (from !== round.current) return null;
    let result = await send();
    for (let attempt = 0; isDatabaseAway(result); attempt++) {
      setRetrying(true);
      await new Promise((resolve) => setTimeout(resolve, retryDelayMs(attempt)));
      if (from !== round.current) return null;
      result = await send();
    }
    setRetrying(false);
    if (!result.ok && result.error.code === ErrorCode.ALREADY_SUBMITTED) {
      sent.current = without(sent.current, answers);
    }
    return result;
  }

  async function submit(payload: Answer[]): Promise<SubmitOutcome> {
    const from = round.current;
    setSentOnce(true);
    const earlier = without(sent.current, payload).reverse();
    sent.current = withSent(sent.current, payload);
    let result = await sendUntilAnswered(payload, from);
    let fromEarlier = false;
    for (const answers of earlier) {
      if (!result || result.ok || result.error.code !== ErrorCode.ALREADY_SUBMITTED) break;
      result = await sendUntilAnswered(answers, from);
      fromEarlier = true;
    }
    // Answered after the participant left: nothing may act on it. Stored or not, the answers
    // and their submission id stay in the tab, so Back and Submit give the token of what is
    // stored (the same id is answered with it) instead of an empty survey and no token.
    if (!result || !present.current) return { kind: "gone" };
    if (result.ok) return { kind: "stored", token: result.data.token, earlier: fromEarlier };
    if (result.error.code === ErrorCode.STUDY_NOT_OPEN) {
      return { kind: "closed", message: result.message };
    }
    if (result.error.code === ErrorCode.INVALID_INPUT) {
      // The refusal is not shown while this is asked: it may not be the last word.
      setChecking(true);
      const now = await surveyNow(surveyUuid, version).finally(() => setChecking(false));
      if (from !== round.current) return { kind: "gone" };
      if (now && "survey" in now) return { kind: "changed", survey: now.survey };
      // Closed meanwhile as well: that is what the participant needs to know, not the refusal.
      if (now) return { kind: "closed", message: describe(now.closed) };
    }
    return { kind: "failed" };
  }

  /** A new filling-in: nothing of the last one goes with it, and its sending stops. */
  function renew() {
    round.current += 1;
    setSubmissionId(newSubmissionId());
    sent.current = [];
    setSentOnce(false);
    setRetrying(false);
    mutation.reset();
  }

  return {
    submissionId,
    sent: sentOnce,
    submit,
    renew,
    retrying,
    pending: mutation.pending || retrying || checking,
    errorMessage: retrying || checking ? null : mutation.errorMessage,
    resetError: mutation.reset,
  };
}
