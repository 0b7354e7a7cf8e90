"use client";

import { useTranslations } from "next-intl";
import { ErrorCode } from "@/lib/errors/codes.shared";
import type { AnswerProblem, RequiredProblem } from "@/lib/surveys/validation.shared";
import { requiredProblems } from "./runner-state";

/**
 * What the runner says under a question with a problem: its own text for a required answer
 * missing, the generic "invalid input" for what only a hand-made request can cause.
 */
export function useProblemText(): (problem: AnswerProblem | undefined) => string | null {
  const t = useTranslations("survey");
  const errorsT = useTranslations("errors");
  return (problem) => {
    if (!problem) return null;
    return requiredProblems.has(problem)
      ? t(`problems.${problem as RequiredProblem}`)
      : errorsT(`codes.${ErrorCode.INVALID_INPUT}`);
  };
}
