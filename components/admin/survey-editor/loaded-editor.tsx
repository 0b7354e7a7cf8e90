"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { questionDataNames, surveyProblems } from "@/lib/surveys/editor-rules";
import type { EditorSurvey } from "@/lib/surveys/editor-schemas";
import { ConflictDialog } from "./conflict-dialog";
import { DeleteDialog, usePendingDeletion, type PendingDeletion } from "./delete-dialog";
import { EditorFrame } from "./editor-frame";
import { blockHeadingId, STEP_TITLE_ID } from "./element-ids";
import { toSteps } from "./model";
import { SaveNotices } from "./save-notices";
import { StepEditor } from "./step-editor";
import { StepList } from "./step-list";
import { useLeaveGuard } from "./use-leave-guard";
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
  const save = useSurveySave(initial);
  const draft = useSurveyDraft(save.initialSteps, save.change);
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
  const problems = surveyProblems(plain);

  function errorAt(path: string): string | null {
    const local = problems[path];
    if (local) return t(`problems.${local}`);
    return save.serverFields[path] ? t("problems.invalid") : null;
  }

  function confirmDeletion({ kind, index }: PendingDeletion) {
    if (kind === "step") {
      draft.deleteStep(index);
      deletion.done(() => document.getElementById(STEP_TITLE_ID) ?? heading.current);
      return;
    }
    const next = draft.deleteBlock(index);
    deletion.done(() => document.getElementById(next ? blockHeadingId(next.key) : STEP_TITLE_ID));
  }

  const pending = deletion.pending;
  return (
    <EditorFrame
      title={studyName ? t("titleFor", { name: studyName }) : t("title")}
      headingRef={heading}
      save={save}
      surveyUuid={initial.survey_uuid}
    >
      <SaveNotices save={save} />
      <StepList steps={steps} current={current} onSelect={draft.selectStep} onAdd={draft.addStep} />
      {!step ? (
        <EmptyState>{t("noSteps")}</EmptyState>
      ) : (
        <StepEditor
          step={step}
          index={current}
          draft={draft}
          dataNames={questionDataNames(plain)}
          errorAt={errorAt}
          onDelete={(block, opener) =>
            block === null
              ? deletion.ask("step", current, opener)
              : deletion.ask("block", block, opener)
          }
        />
      )}

      <DeleteDialog
        deletion={deletion}
        stepBlockCount={pending?.kind === "step" ? (steps[pending.index]?.blocks.length ?? 0) : 0}
        onConfirm={confirmDeletion}
      />
      <ConflictDialog
        open={save.conflictOpen && save.pending !== null}
        conflicts={save.pending?.conflicts ?? []}
        onOpenChange={save.setConflictOpen}
        onResolve={save.reconcile}
        onLoadNewer={save.loadNewer}
      />
      <ConfirmDialog
        open={leaveGuard.asking}
        onOpenChange={(open) => {
          if (!open) leaveGuard.stay();
        }}
        title={t("leaveTitle")}
        description={t("leaveText")}
        confirmLabel={t("leave")}
        cancelLabel={t("stay")}
        tone="danger"
        onConfirm={leaveGuard.leave}
      />
    </EditorFrame>
  );
}
