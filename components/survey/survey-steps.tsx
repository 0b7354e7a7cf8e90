"use client";

import { ArrowLeft, ArrowRight, Eye, RotateCcw, Send } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useApiMutation } from "@/components/data/use-api-mutation";
import { Alert } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/submit-button";
import { ErrorCode } from "@/lib/errors/codes";
import type { Answer, SubmitResult } from "@/lib/surveys/answers";
import type { PublicSurvey } from "@/lib/surveys/types";
import {
  collectAnswers,
  stepProblems,
  type AnswerProblem,
  type RequiredProblem,
} from "@/lib/surveys/validation";
import { forgetAnswers, keepAnswers, keptAnswersKey, readKeptAnswers } from "./kept-answers";
import { isDatabaseAway, retryDelayMs } from "./submit-retry";
import { SurveyBlock } from "./survey-block";
import { SurveyDone } from "./survey-done";
import { SurveyPreviewDone } from "./survey-preview-done";
import { SurveyProgress } from "./survey-progress";

const blockKey = (step: number, block: number) => `${step}.${block}`;
const fieldId = (step: number, block: number) => `survey-q-${step}-${block}`;
const requiredProblems = new Set<AnswerProblem>(["fill_in_answer", "select_option", "give_answer"]);

/**
 * A random UUID (version 4) for this filling-in of the survey. `crypto.randomUUID` exists only
 * on https and localhost pages; `getRandomValues` everywhere.
 */
function newSubmissionId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * One step at a time (spec §4). Next checks the current step with the same rules the server
 * applies and moves on; Previous clears the errors and goes back; the last step submits. Once a
 * step was checked, its errors follow every change (validate on submit, revalidate on input).
 *
 * Answers in progress are kept in the tab (see kept-answers.ts) and come back after a reload.
 * A staff preview (`preview` in the survey, set by the server for signed-in staff only) runs the
 * same steps and checks but never submits: its last step ends on the preview end screen.
 */
export function SurveySteps({ survey }: { survey: PublicSurvey }) {
  const t = useTranslations("survey");
  const errorsT = useTranslations("errors");
  const submission = useApiMutation();
  const steps = survey.steps;
  const total = steps.length;
  const preview = survey.preview === true;
  const storageKey = keptAnswersKey(survey.survey_uuid, preview);
  // Read once, when the survey has arrived: this component only renders in the browser.
  const [restored] = useState(() => readKeptAnswers(storageKey, survey.version, steps));
  const [index, setIndex] = useState(restored?.step ?? 0);
  const [answers, setAnswers] = useState<Record<string, Answer>>(restored?.answers ?? {});
  const [showRestored, setShowRestored] = useState(restored !== null);
  const [checked, setChecked] = useState(false);
  // Sending again by itself while the database is away (see submit-retry.ts).
  const [retrying, setRetrying] = useState(false);
  const submitting = submission.pending || retrying;
  const submitError = retrying ? null : submission.errorMessage;
  const [token, setToken] = useState<string | null>(null);
  // Made when the survey starts (or read back with the answers kept in the tab) and sent with
  // the answers: a retry after a lost answer, even after a reload, is then the same submission,
  // and the server answers the same token instead of storing the answers twice.
  const [submissionId, setSubmissionId] = useState<string>(
    () => restored?.submissionId ?? newSubmissionId(),
  );
  // Read synchronously by the submit handler: a second press in the same frame sees the first
  // one's request, which the `pending` state of that render would not show yet.
  const sending = useRef(false);
  const [previewDone, setPreviewDone] = useState(false);
  const finished = token !== null || previewDone;
  const stepHeading = useRef<HTMLParagraphElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  // Cleared when the runner goes away, so a retry waiting for its turn sends nothing after it.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (finished) forgetAnswers(storageKey);
    else keepAnswers(storageKey, survey.version, index, answers, submissionId);
  }, [finished, storageKey, survey.version, index, answers, submissionId]);

  const step = steps[index];
  const isLast = index === total - 1;
  const problems: Map<number, AnswerProblem> =
    checked && step ? stepProblems(step, (b) => answers[blockKey(index, b)]) : new Map();

  useEffect(() => {
    // After Next or Previous, start reading (and tabbing) at the top of the new step.
    if (moved.current) stepHeading.current?.focus();
    moved.current = false;
  }, [index]);

  function setAnswer(blockIndex: number, answer: Answer) {
    setAnswers((current) => ({ ...current, [blockKey(index, blockIndex)]: answer }));
  }

  function problemText(problem: AnswerProblem | undefined): string | null {
    if (!problem) return null;
    return requiredProblems.has(problem)
      ? t(`problems.${problem as RequiredProblem}`)
      : errorsT(`codes.${ErrorCode.INVALID_INPUT}`);
  }

  /** True when the step may be left forwards; otherwise shows the errors and focuses the first. */
  function checkStep(): boolean {
    const found = stepProblems(step, (b) => answers[blockKey(index, b)]);
    setChecked(true);
    if (found.size === 0) return true;
    const first = Math.min(...found.keys());
    requestAnimationFrame(() => {
      const field = document.getElementById(fieldId(index, first));
      const target = field instanceof HTMLTextAreaElement ? field : field?.querySelector("input");
      target?.focus();
    });
    return false;
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (sending.current) return;
    submission.reset();
    if (!checkStep()) return;
    if (!isLast) {
      moved.current = true;
      setChecked(false);
      setShowRestored(false);
      setIndex(index + 1);
      return;
    }
    if (preview) {
      forgetAnswers(storageKey);
      setPreviewDone(true);
      return;
    }
    const payload = collectAnswers(steps, (s, b) => answers[blockKey(s, b)]);
    sending.current = true;
    try {
      // A failure shows its translated text (a network failure the spec's generic one).
      const send = () =>
        submission.run<SubmitResult>({
          path: `/api/survey/${encodeURIComponent(survey.survey_uuid)}/submit`,
          body: { answers: payload, submission_id: submissionId },
        });
      let result = await send();
      for (let attempt = 0; isDatabaseAway(result); attempt++) {
        setRetrying(true);
        await new Promise((resolve) => setTimeout(resolve, retryDelayMs(attempt)));
        if (!mounted.current) return;
        result = await send();
      }
      setRetrying(false);
      if (!result.ok) return;
      // Gone from the tab before the token appears: the token screen leaves nothing behind, and
      // nothing ties a later submission to this one.
      forgetAnswers(storageKey);
      setSubmissionId(newSubmissionId());
      setToken(result.data.token);
    } finally {
      sending.current = false;
    }
  }

  /** Back to an empty first step, with nothing kept in the tab (restored answers or a preview). */
  function startAgain() {
    forgetAnswers(storageKey);
    setSubmissionId(newSubmissionId());
    submission.reset();
    setAnswers({});
    setChecked(false);
    setShowRestored(false);
    setPreviewDone(false);
    setIndex(0);
    // The notice or end screen that held the focus is gone: continue at the top of the survey.
    requestAnimationFrame(() => title.current?.focus());
  }

  function previous() {
    setChecked(false);
    setShowRestored(false);
    submission.reset();
    moved.current = true;
    setIndex(Math.max(0, index - 1));
  }

  return (
    <section className="mx-auto max-w-2xl">
      <h1
        ref={title}
        tabIndex={-1}
        className="mb-6 text-3xl font-bold tracking-tight text-primary-800"
      >
        {survey.study_name}
      </h1>
      {preview ? (
        <Alert tone="info" title={t("preview.banner")} className="mb-6">
          <p className="flex items-center gap-2">
            <Eye aria-hidden className="size-4 shrink-0" />
            {t("preview.bannerDetail")}
          </p>
        </Alert>
      ) : null}
      {total > 1 ? <SurveyProgress index={index} total={total} done={finished} /> : null}
      {token !== null ? (
        <SurveyDone token={token} />
      ) : previewDone ? (
        <SurveyPreviewDone onRestart={startAgain} />
      ) : total === 0 ? (
        <div className="space-y-6">
          <p>{t("empty")}</p>
          <p>
            <Link href="/" prefetch={false} className="btn-primary">
              {t("openStudies")}
            </Link>
          </p>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          {showRestored ? (
            <Alert tone="info" title={t("restored.title")} className="mb-6">
              <p>{t("restored.detail")}</p>
              <button type="button" className="btn-secondary mt-3" onClick={startAgain}>
                <RotateCcw aria-hidden className="size-4" />
                {t("restored.startAgain")}
              </button>
            </Alert>
          ) : null}
          {total > 1 ? (
            <p ref={stepHeading} tabIndex={-1} className="sr-only">
              {t("stepOf", { current: index + 1, total })}
            </p>
          ) : null}
          <div className="space-y-8">
            {step.blocks.map((block, b) => (
              <SurveyBlock
                key={blockKey(index, b)}
                id={fieldId(index, b)}
                block={block}
                answer={answers[blockKey(index, b)]}
                error={problemText(problems.get(b))}
                onAnswer={(answer) => setAnswer(b, answer)}
              />
            ))}
          </div>
          <div className="mt-8 space-y-4">
            {problems.size > 0 ? <Alert tone="error">{t("problems.fillInRequired")}</Alert> : null}
            {submitError ? <Alert tone="error">{submitError}</Alert> : null}
            {retrying ? (
              <Alert tone="info" title={t("retrying.title")}>
                <p>{t("retrying.detail")}</p>
              </Alert>
            ) : null}
            <div className="flex flex-wrap justify-between gap-3">
              {index > 0 ? (
                <button
                  type="button"
                  className="btn-secondary"
                  onClick={previous}
                  disabled={submitting}
                >
                  <ArrowLeft aria-hidden className="size-4" />
                  {t("previous")}
                </button>
              ) : (
                <span />
              )}
              {isLast && preview ? (
                <button type="submit" className="btn-primary">
                  {t("preview.finish")}
                  <ArrowRight aria-hidden className="size-4" />
                </button>
              ) : isLast ? (
                <SubmitButton
                  pending={submitting}
                  pendingLabel={t("submitting")}
                  icon={<Send aria-hidden className="size-4" />}
                >
                  {t("submit")}
                </SubmitButton>
              ) : (
                <button type="submit" className="btn-primary">
                  {t("next")}
                  <ArrowRight aria-hidden className="size-4" />
                </button>
              )}
            </div>
          </div>
        </form>
      )}
    </section>
  );
}
