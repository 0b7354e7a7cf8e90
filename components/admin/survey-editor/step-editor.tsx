"use client";

import { Plus, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { EmptyState } from "@/components/ui/empty-state";
import { FieldError } from "@/components/ui/field-error";
import { earlierQuestions } from "@/lib/surveys/condition-choices.shared";
import { MAX_BLOCKS_PER_STEP, type Step } from "@/lib/surveys/schema.shared";
import { BlockEditor } from "./block-editor";
import { ConditionEditor } from "./condition-editor";
import { STEP_TITLE_ID, stepIdPrefix } from "./element-ids";
import type { EditorStep } from "./model";
import type { SurveyDraft } from "./use-survey-draft";

/** The step on screen: its heading and delete button, its blocks, and "add block". */
export function StepEditor({
  step,
  index,
  draft,
  survey,
  dataNames,
  errorAt,
  onDelete,
}: {
  step: EditorStep;
  /** Position of the step in the survey (from 0). */
  index: number;
  draft: SurveyDraft;
  /** The whole survey as saved, for the questions a condition may name. */
  survey: Step[];
  /** The data names of every question in the survey. */
  dataNames: string[];
  /** The message for a field (`steps.0.blocks.1.data_name`, …), or null. */
  errorAt: (path: string) => string | null;
  /** Asks to delete the step (`block` null) or one of its blocks; `opener` gets focus back. */
  onDelete: (block: number | null, opener: HTMLElement) => void;
}) {
  const t = useTranslations("surveyEditor");
  const tc = useTranslations("surveyEditor.conditions");
  const full = step.blocks.length >= MAX_BLOCKS_PER_STEP;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2
          id={STEP_TITLE_ID}
          tabIndex={-1}
          className="text-xl font-semibold text-primary-800 focus:outline-none"
        >
          {t("stepLabel", { number: index + 1 })}
        </h2>
        <button
          type="button"
          className="btn-danger"
          onClick={(e) => onDelete(null, e.currentTarget)}
        >
          <Trash2 aria-hidden className="size-4" />
          {t("deleteStep")}
        </button>
      </div>
      <ConditionEditor
        id={stepIdPrefix(step.key)}
        kind="step"
        where={tc("whereStep", { step: index + 1 })}
        visibleIf={step.visible_if}
        earlier={earlierQuestions(survey, { step: index })}
        error={errorAt(`steps.${index}.visible_if`)}
        onChange={draft.changeStepCondition}
      />
      {step.blocks.length === 0 ? <EmptyState>{t("noBlocks")}</EmptyState> : null}
      {step.blocks.map((block, b) => (
        <BlockEditor
          key={block.key}
          block={block}
          index={b}
          count={step.blocks.length}
          otherNames={dataNames.filter((n) => n !== block.data_name.trim())}
          where={tc("whereBlock", { step: index + 1, block: b + 1 })}
          earlier={earlierQuestions(survey, { step: index, block: b })}
          errorAt={(field) => errorAt(`steps.${index}.blocks.${b}.${field}`)}
          onChange={(next) => draft.changeBlock(b, next)}
          onTypeChange={(type) => draft.changeType(b, type)}
          onMove={(by) => draft.moveBlock(b, by)}
          onDelete={(opener) => onDelete(b, opener)}
        />
      ))}
      <FieldError
        id={`${stepIdPrefix(step.key)}-blocks-error`}
        message={errorAt(`steps.${index}.blocks`)}
      />
      <button
        type="button"
        className="btn-secondary"
        disabled={full}
        aria-describedby={full ? `${stepIdPrefix(step.key)}-blocks-full` : undefined}
        onClick={draft.addBlock}
      >
        <Plus aria-hidden className="size-4" />
        {t("addBlock")}
      </button>
      {full ? (
        <p id={`${stepIdPrefix(step.key)}-blocks-full`} className="text-sm text-muted">
          {t("blocksFull", { max: MAX_BLOCKS_PER_STEP })}
        </p>
      ) : null}
    </div>
  );
}
