"use client";

import { useTranslations } from "next-intl";
import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import type { Answer } from "@/lib/surveys/answers.shared";
import {
  isShown,
  nextPathStep,
  pathStepIndexes,
  previousPathStep,
  surveyPath,
} from "@/lib/surveys/path.shared";
import type { PublicSurvey } from "@/lib/surveys/types.shared";
import { collectAnswers, stepProblems, type AnswerProblem } from "@/lib/surveys/validation.shared";
import {
  forgetAnswers,
  keptAnswersKey,
  keptRecord,
  resumedAnswers,
  type KeptRecord,
} from "./kept-answers";
import { SurveyBlock } from "./survey-block";
import { SurveyDone } from "./survey-done";
import { PreviewBanner, SurveyPreviewDone } from "./survey-preview-done";
import { StepNav } from "./step-nav";
import { ResumeNotice } from "./resume-notice";
import { SurveyNotice } from "./survey-notice";
import { SurveyProgress } from "./survey-progress";
import { blockKey, fieldId, shownAnswers } from "./runner-state";
import { focusSubmitWhileSending } from "./submit-focus";
import { useKeptAnswers } from "./use-kept-answers";
import { useProblemText } from "./use-problem-text";
import { useSurveySubmission } from "./use-survey-submission";
import { UnsentAnswersGuard } from "./unsent-answers-guard";

/**
 * One step at a time (spec §4). Next checks the current step with the same rules the server
 * applies and moves on; Previous clears the errors and goes back; the last step submits. Once a
 * step was checked, its errors follow every change (validate on submit, revalidate on input).
 *
 * Answers in progress are kept in the tab (see kept-answers.ts) and come back after a reload.
 * A staff preview (`preview` in the survey, set by the server for signed-in staff only) runs the
 * same steps and checks but never submits: its last step ends on the preview end screen.
 */
export function SurveySteps({
  survey,
  carried,
  onChanged,
}: {
  survey: PublicSurvey;
  /**
   * Started again on a survey staff changed while it was answered, with the answers that were
   * on screen (in memory: the tab's storage may be refused): say so, at the notice.
   */
  carried?: KeptRecord;
  /** A submission found the survey changed: `latest` is to be answered instead. */
  onChanged?: (latest: PublicSurvey, answered: KeptRecord) => void;
}) {
  const t = useTranslations("survey");
  const problemText = useProblemText();
  const steps = survey.steps;
  const total = steps.length;
  const preview = survey.preview === true;
  const storageKey = keptAnswersKey(survey.survey_uuid, preview);
  // Read once, when the survey has arrived: this component only renders in the browser.
  const [restored] = useState(() => resumedAnswers(carried, storageKey, survey));
  const changedWhileAnswering = carried !== undefined;
  const [requestedIndex, setIndex] = useState(restored?.step ?? 0);
  const [answers, setAnswers] = useState<Record<string, Answer>>(restored?.answers ?? {});
  // Only the path is shown: the steps and blocks whose conditions hold for the answers so far
  // (the same function the server uses on submit). A step with nothing shown is skipped.
  const path = useMemo(
    () => surveyPath(steps, (s, b) => answers[blockKey(s, b)]),
    [steps, answers],
  );
  const onPath = pathStepIndexes(path);
  // A step's own condition reads only earlier steps, so the step in view stays on the path
  // while it is answered; a restored or first step that is not on it gives way to the next one.
  const index = onPath.includes(requestedIndex)
    ? requestedIndex
    : (onPath.find((s) => s > requestedIndex) ?? onPath.at(-1) ?? 0);
  // A record kept with no answers (sent empty, kept-answers.ts) brings nothing back to mention.
  const [showRestored, setShowRestored] = useState(
    (restored !== null && Object.keys(restored.answers).length > 0) || changedWhileAnswering,
  );
  const [checked, setChecked] = useState(false);
  // One submission id per filling-in, kept in the tab with the answers (use-survey-submission.ts).
  const submission = useSurveySubmission(survey.survey_uuid, survey.version, restored, steps);
  const { submissionId } = submission;
  const submitting = submission.pending;
  const submitError = submission.errorMessage;
  const [done, setDone] = useState<{ token: string; earlier: boolean } | null>(null);
  // Read synchronously by the submit handler: a second press in the same frame sees the first
  // one's request, which the `pending` state of that render would not show yet.
  const sending = useRef(false);
  const [previewDone, setPreviewDone] = useState(false);
  const [closedMessage, setClosedMessage] = useState<string | null>(null);
  const finished = done !== null || previewDone;
  const stepHeading = useRef<HTMLParagraphElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const isKept = useKeptAnswers({
    storageKey,
    survey,
    index,
    answers,
    path,
    submissionId,
    sent: submission.sent,
    finished,
  });

  const step = steps[index];
  const position = Math.max(0, onPath.indexOf(index));
  const isLast = nextPathStep(path, index) === null;
  const blockShown = (b: number) => isShown(path, index, b);
  const problems: Map<number, AnswerProblem> =
    checked && step
      ? stepProblems(step, (b) => answers[blockKey(index, b)], blockShown)
      : new Map();

  useEffect(() => {
    // After Next or Previous, start reading (and tabbing) at the top of the new step.
    if (moved.current) stepHeading.current?.focus();
    moved.current = false;
  }, [index]);

  function setAnswer(blockIndex: number, answer: Answer | undefined) {
    const key = blockKey(index, blockIndex);
    setAnswers(({ [key]: _taken, ...rest }) => (answer ? { ...rest, [key]: answer } : rest));
  }

  /** True when the step may be left forwards; otherwise shows the errors and focuses the first. */
  function checkStep(): boolean {
    const found = stepProblems(step, (b) => answers[blockKey(index, b)], blockShown);
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
    submission.resetError();
    if (!checkStep()) return;
    if (!isLast) {
      moved.current = true;
      setChecked(false);
      setShowRestored(false);
      setIndex(nextPathStep(path, index) ?? index);
      return;
    }
    if (preview) {
      forgetAnswers(storageKey);
      setPreviewDone(true);
      return;
    }
    focusSubmitWhileSending(event.currentTarget as HTMLFormElement);
    const payload = collectAnswers(steps, (s, b) => answers[blockKey(s, b)], path);
    sending.current = true;
    try {
      // A failure shows its translated text (a network failure the spec's generic one).
      const outcome = await submission.submit(payload);
      // The study closed while they answered: nothing of theirs is kept, and they are told.
      if (outcome.kind === "closed") {
        forgetAnswers(storageKey);
        setClosedMessage(outcome.message);
        // The form that held the focus is gone: the reader goes on at the top, before the notice.
        requestAnimationFrame(() => title.current?.focus());
      }
      // The answers on screen go to the new form, which takes up those that still fit.
      if (outcome.kind === "changed") {
        const answered = keptRecord(survey, index, shownAnswers(answers, path), submissionId, true);
        onChanged?.(outcome.survey, answered);
      }
      if (outcome.kind !== "stored") return;
      // Gone from the tab before the token appears: the token screen leaves nothing behind, and
      // nothing ties a later submission to this one.
      forgetAnswers(storageKey);
      submission.renew();
      setDone({ token: outcome.token, earlier: outcome.earlier });
    } finally {
      sending.current = false;
    }
  }

  /** Back to an empty first step, with nothing kept in the tab (restored answers or a preview). */
  function startAgain() {
    forgetAnswers(storageKey);
    submission.renew();
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
    submission.resetError();
    moved.current = true;
    setIndex(previousPathStep(path, index) ?? index);
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
      {preview ? <PreviewBanner /> : null}
      {onPath.length > 1 ? (
        <SurveyProgress index={position} total={onPath.length} done={finished} />
      ) : null}
      {done !== null ? (
        <SurveyDone token={done.token} earlierAnswers={done.earlier} />
      ) : previewDone ? (
        <SurveyPreviewDone onRestart={startAgain} />
      ) : closedMessage !== null ? (
        <SurveyNotice error={closedMessage} detail={t("closedWhileAnswering")} />
      ) : total === 0 || onPath.length === 0 ? (
        <SurveyNotice detail={t("empty")} />
      ) : (
        <form method="post" onSubmit={onSubmit} noValidate>
          {showRestored ? (
            <ResumeNotice
              kind={
                changedWhileAnswering
                  ? "changedWhileAnswering"
                  : restored?.changed
                    ? "restoredChanged"
                    : "restored"
              }
              onStartAgain={startAgain}
            />
          ) : null}
          {onPath.length > 1 ? (
            <p ref={stepHeading} tabIndex={-1} className="sr-only">
              {t("stepOf", { current: position + 1, total: onPath.length })}
            </p>
          ) : null}
          {/* Answers sent are the answers stored: none can change until the server answered. */}
          <fieldset disabled={submitting} className="min-w-0 space-y-8">
            {step.blocks.map((block, b) =>
              blockShown(b) ? (
                <SurveyBlock
                  key={blockKey(index, b)}
                  id={fieldId(index, b)}
                  block={block}
                  answer={answers[blockKey(index, b)]}
                  error={problemText(problems.get(b))}
                  onAnswer={(answer) => setAnswer(b, answer)}
                />
              ) : null,
            )}
          </fieldset>
          <div className="mt-8 space-y-4">
            {problems.size > 0 ? <Alert tone="error">{t("problems.fillInRequired")}</Alert> : null}
            {submitError ? <Alert tone="error">{submitError}</Alert> : null}
            {submission.retrying ? (
              <Alert tone="info" title={t("retrying.title")}>
                <p>{t("retrying.detail")}</p>
              </Alert>
            ) : null}
            <StepNav
              canGoBack={previousPathStep(path, index) !== null}
              onPrevious={previous}
              last={isLast ? (preview ? "preview" : "submit") : null}
              submitting={submitting}
            />
          </div>
        </form>
      )}
      <UnsentAnswersGuard
        answering={
          !finished && !preview && closedMessage === null && Object.keys(answers).length > 0
        }
        isKept={isKept}
      />
    </section>
  );
}
