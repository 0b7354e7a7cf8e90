"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { LeaveDialog } from "@/components/ui/leave-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { conditionProblems } from "@/lib/surveys/condition-rules.shared";
import { questionDataNames } from "@/lib/surveys/editor-rules.shared";
import { surveyProblems } from "@/lib/surveys/survey-problems.shared";
import type { EditorSurvey } from "@/lib/surveys/editor-schemas.shared";
import { AffectedNotice, RefusedConditionsNotice, type ConditionSpot } from "./condition-notices";
import { ConflictDialog } from "./conflict-dialog";
import { DeleteDialog, usePendingDeletion, type PendingDeletion } from "./delete-dialog";
import { EditorFrame } from "./editor-frame";
import {
  blockHeadingId,
  blockIdPrefix,
  conditionId,
  STEP_TITLE_ID,
  stepIdPrefix,
} from "./element-ids";
import { toSteps } from "./model";
import { SaveNotices } from "./save-notices";
import { StepEditor } from "./step-editor";
import { StepList, stepsWithProblems } from "./step-list";
import { startingSurvey, useDraftBackup } from "./use-draft-backup";
import { useLeaveGuard } from "@/components/ui/use-leave-guard";
import { useSurveyDraft } from "./use-survey-draft";
import { useSurveySave } from "./use-survey-save";

/**
 * The editor once the survey is loaded: a working copy saved after every change (see
 * `useSurveySave`, which merges it with a version saved elsewhere meanwhile), the step bar, the
 * step on screen, and the dialogs that ask before a deletion, about blocks changed both here
 * and elsewhere, and before leaving with unsaved edits.
 */
export function LoadedEditor({
  initial,
  studyName,
}: {
  initial: EditorSurvey;
  studyName: string | null;
}) {
  const t = useTranslations("surveyEditor");
  // Edits a reload interrupted come back, and are sent again (see `useDraftBackup`).
  const [start] = useState(() => startingSurvey(initial));
  const save = useSurveySave(start.survey, start.base);
  const draft = useSurveyDraft(save.initialSteps, save.change);
  useDraftBackup({
    studyId: initial.study_id,
    steps: draft.steps,
    dirty: save.autosave.dirty,
    version: save.baseVersion,
    base: save.baseSteps,
    state: save.autosave.state,
  });
  const resend = useRef(start.restored ? save.initialSteps : null);
  useEffect(() => {
    if (resend.current) save.change(resend.current);
    resend.current = null;
  }, [save]);
  const deletion = usePendingDeletion();
  const heading = useRef<HTMLHeadingElement>(null);

  const leaveGuard = useLeaveGuard({
    shouldAsk: () => save.autosave.dirty,
    settle: () =>
      save.autosave.flush().then(
        () => true,
        () => false,
      ),
  });

  const { steps, step, current } = draft;
  const plain = toSteps(steps);
  // After every render: a merge reads the working copy as it is on screen.
  useEffect(() => save.bindDraft({ steps: () => plain, replace: draft.replace }));
  const problems = { ...surveyProblems(plain), ...conditionProblems(plain) };

  function errorAt(path: string): string | null {
    const local = problems[path];
    if (local) return t(`problems.${local}`);
    return save.serverFields[path] ? t("problems.invalid") : null;
  }

  /** Shows a condition the server refused: its step, and focus on the condition. */
  function showCondition({ step: s, block: b }: ConditionSpot) {
    const target = steps[s];
    const block = b === undefined ? undefined : target?.blocks[b];
    if (!target || (b !== undefined && !block)) return;
    draft.selectStep(s, false);
    const holder = block ? blockIdPrefix(block.key) : stepIdPrefix(target.key);
    requestAnimationFrame(() => {
      const base = conditionId(holder);
      (
        document.getElementById(`${base}-edit`) ?? document.getElementById(`${base}-0-question`)
      )?.focus();
    });
  }

  /** Where the item to delete is now: -1 when a merge took it away meanwhile. */
  function positionOf({ kind, key }: PendingDeletion): number {
    if (kind === "step") return steps.findIndex((s) => s.key === key);
    return step?.blocks.findIndex((b) => b.key === key) ?? -1;
  }

  function confirmDeletion(pending: PendingDeletion) {
    const index = positionOf(pending);
    // Gone already (deleted elsewhere, merged in while the question was open): nothing else is.
    if (index === -1) return deletion.cancel();
    if (pending.kind === "step") {
      draft.deleteStep(index);
      deletion.done(() => document.getElementById(STEP_TITLE_ID) ?? heading.current);
      return;
    }
    const next = draft.deleteBlock(index);
    deletion.done(() => document.getElementById(next ? blockHeadingId(next.key) : STEP_TITLE_ID));
  }

  const pending = deletion.pending;
  const pendingAt = pending ? Math.max(positionOf(pending), 0) : 0;
  return (
    <EditorFrame
      title={studyName ? t("titleFor", { name: studyName }) : t("title")}
      headingRef={heading}
      save={save}
      surveyUuid={initial.survey_uuid}
    >
      {start.restored ? <Alert tone="info">{t("conditions.restored")}</Alert> : null}
      <SaveNotices save={save} />
      <RefusedConditionsNotice save={save} onShow={showCondition} />
      <AffectedNotice draft={draft} />
      <StepList
        steps={steps}
        current={current}
        withProblems={stepsWithProblems([
          ...Object.keys(problems),
          ...Object.keys(save.serverFields),
        ])}
        onSelect={draft.selectStep}
        onAdd={draft.addStep}
      />
      {!step ? (
        <EmptyState>{t("noSteps")}</EmptyState>
      ) : (
        <StepEditor
          step={step}
          index={current}
          draft={draft}
          survey={plain}
          dataNames={questionDataNames(plain)}
          errorAt={errorAt}
          onDelete={(block, opener) =>
            block === null
              ? deletion.ask("step", step.key, opener)
              : deletion.ask("block", step.blocks[block].key, opener)
          }
        />
      )}

      <DeleteDialog
        deletion={deletion}
        position={pendingAt}
        stepBlockCount={pending?.kind === "step" ? (steps[pendingAt]?.blocks.length ?? 0) : 0}
        onConfirm={confirmDeletion}
      />
      <ConflictDialog
        open={save.conflictOpen && save.pending !== null}
        conflicts={save.pending?.conflicts ?? []}
        onOpenChange={save.setConflictOpen}
        onResolve={save.reconcile}
        onLoadNewer={save.loadNewer}
      />
      <LeaveDialog {...leaveGuard.dialog} t={t} />
    </EditorFrame>
  );
}
