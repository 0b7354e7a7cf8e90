"use client";

import { useEffect, useRef } from "react";
import type { Answer } from "@/lib/surveys/answers.shared";
import type { SurveyPath } from "@/lib/surveys/path.shared";
import type { Step } from "@/lib/surveys/schema.shared";
import { forgetAnswers, keepAnswers } from "./kept-answers";
import { shownAnswers } from "./runner-state";

/**
 * Keeps the answers on the path in the tab after every change while the survey is answered
 * (kept-answers.ts), and forgets them once it is finished. Gives whether the tab holds the
 * latest ones: false after its storage refused them, when a reload would lose them.
 */
export function useKeptAnswers({
  storageKey,
  survey,
  index,
  answers,
  path,
  submissionId,
  sent,
  finished,
}: {
  storageKey: string;
  survey: { version: number; steps: Step[] };
  index: number;
  answers: Record<string, Answer>;
  path: SurveyPath;
  submissionId: string;
  /** Sent at least once under `submissionId`: kept even with no answers (kept-answers.ts). */
  sent: boolean;
  finished: boolean;
}): () => boolean {
  const kept = useRef(true);
  useEffect(() => {
    if (finished) forgetAnswers(storageKey);
    else {
      const shown = shownAnswers(answers, path);
      kept.current = keepAnswers(storageKey, survey, index, shown, submissionId, sent);
    }
  }, [finished, storageKey, survey, index, answers, path, submissionId, sent]);
  return () => kept.current;
}
