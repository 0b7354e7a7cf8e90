"use client";

import { Plus, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { EmptyState } from "@/components/ui/empty-state";
import { BlockEditor } from "./block-editor";
import { STEP_TITLE_ID } from "./element-ids";
import type { EditorStep } from "./model";
import type { SurveyDraft } from "./use-survey-draft";

/** The step on screen: its heading and delete button, its blocks, and "add block". */
export function StepEditor({
  step,
  index,
  draft,
  dataNames,
  errorAt,
  onDelete,
}: {
  step: EditorStep;
  /** Position of the step in the survey (from 0). */
  index: number;
  draft: SurveyDraft;
  /** The data names of every question in the survey. */
  dataNames: string[];
  /** The message for a field (`steps.0.blocks.1.data_name`, …), or null. */
  errorAt: (path: string) => string | null;
  /** Asks to delete the step (`block` null) or one of its blocks; `opener` gets focus back. */
  onDelete: (block: number | null, opener: HTMLElement) => void;
}) {
  const t = useTranslations("surveyEditor");
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
      {step.blocks.length === 0 ? <EmptyState>{t("noBlocks")}</EmptyState> : null}
      {step.blocks.map((block, b) => (
        <BlockEditor
          key={block.key}
          block={block}
          index={b}
          count={step.blocks.length}
          otherNames={dataNames.filter((n) => n !== block.data_name.trim())}
          errorAt={(field) => errorAt(`steps.${index}.blocks.${b}.${field}`)}
          onChange={(next) => draft.changeBlock(b, next)}
          onTypeChange={(type) => draft.changeType(b, type)}
          onMove={(by) => draft.moveBlock(b, by)}
          onDelete={(opener) => onDelete(b, opener)}
        />
      ))}
      <button type="button" className="btn-secondary" onClick={draft.addBlock}>
        <Plus aria-hidden className="size-4" />
        {t("addBlock")}
      </button>
    </div>
  );
}
