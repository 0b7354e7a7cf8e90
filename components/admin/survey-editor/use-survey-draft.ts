"use client";

import { useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { withVisibleIf } from "@/lib/surveys/condition-choices.shared";
import {
  affectedConditions,
  resolveAffected,
  resolveAll,
  trackReferences,
  type AffectedCondition,
  type References,
} from "@/lib/surveys/condition-impact.shared";
import type { VisibleIf } from "@/lib/surveys/conditions.shared";
import { moveItem, removeItem } from "@/lib/surveys/editor-rules.shared";
import { MAX_STEPS, type BlockType, type Step } from "@/lib/surveys/schema.shared";
import { blockTypeId, moveButtonId, STEP_TITLE_ID } from "./element-ids";
import {
  newBlock,
  newStep,
  renumbered,
  retyped,
  toSteps,
  withKeys,
  type EditorBlock,
  type EditorStep,
} from "./model";

/**
 * The working copy of the survey and every edit to it: the steps, the step on screen, and the
 * changes to its blocks. Each change is renumbered, shown, and handed to `onChange` (the
 * autosave). Focus follows what the reader acted on: the step heading when the step changes,
 * the new block's type, the pressed move button.
 */
export function useSurveyDraft(initial: Step[], onChange: (steps: Step[]) => void) {
  const t = useTranslations("surveyEditor");
  const [{ steps, references }, setState] = useState(() => {
    const keyed = withKeys(initial);
    return { steps: keyed, references: trackReferences(keyed, new Map()) as References };
  });
  const [current, setCurrent] = useState(0);

  /**
   * Every change goes through here. What each condition names is followed from change to
   * change (`trackReferences`), so a change that breaks a condition is named with its fix.
   */
  const commit = useCallback(
    (next: EditorStep[]) => {
      const numbered = renumbered(next);
      setState((prev) => ({
        steps: numbered,
        references: trackReferences(numbered, prev.references),
      }));
      onChange(toSteps(numbered));
    },
    [onChange],
  );

  // Focus lands on the heading of a step when it changes by the step bar or a deletion.
  const focusStep = useRef(false);
  useEffect(() => {
    if (focusStep.current) document.getElementById(STEP_TITLE_ID)?.focus();
    focusStep.current = false;
  }, [current]);

  /** Shows a step; focus goes to its heading unless the caller moves it elsewhere. */
  function selectStep(index: number, focusHeading = true) {
    focusStep.current = focusHeading;
    setCurrent(index);
  }

  const step = steps[current] as EditorStep | undefined;

  function updateBlocks(blocks: EditorBlock[]) {
    commit(steps.map((s, i) => (i === current ? { ...s, blocks } : s)));
  }

  function changeBlock(index: number, block: EditorBlock) {
    if (!step) return;
    updateBlocks(step.blocks.map((b, i) => (i === index ? block : b)));
  }

  return {
    steps,
    current,
    step,
    selectStep,
    /** The conditions the edits so far broke, with their fixes where unambiguous. */
    affected: affectedConditions(steps, references),

    /** Fixes one affected condition (`useFix`) or removes it. */
    resolve(item: AffectedCondition, useFix: boolean) {
      commit(resolveAffected(steps, item, useFix));
    },

    resolveAll(items: AffectedCondition[]) {
      commit(resolveAll(steps, items));
    },

    changeStepCondition(visibleIf: VisibleIf | undefined) {
      commit(steps.map((s, i) => (i === current ? withVisibleIf(s, visibleIf) : s)));
    },

    addStep() {
      if (steps.length >= MAX_STEPS) return;
      const next = [...steps, newStep(steps.length)];
      commit(next);
      selectStep(next.length - 1);
      toast.success(t("stepAdded", { number: next.length }));
    },

    deleteStep(index: number) {
      commit(removeItem(steps, index));
      setCurrent(Math.max(0, Math.min(index, steps.length - 2)));
      toast.success(t("stepDeleted"));
    },

    addBlock() {
      if (!step) return;
      const block = newBlock(steps, "open_question", step.blocks.length);
      updateBlocks([...step.blocks, block]);
      requestAnimationFrame(() => document.getElementById(blockTypeId(block.key))?.focus());
    },

    changeBlock,

    changeType(index: number, type: BlockType) {
      if (!step) return;
      const others = steps.map((s, i) =>
        i === current ? { ...s, blocks: s.blocks.filter((_, b) => b !== index) } : s,
      );
      changeBlock(index, retyped(others, step.blocks[index], type));
    },

    moveBlock(index: number, by: -1 | 1) {
      if (!step) return;
      const key = step.blocks[index].key;
      const to = index + by;
      updateBlocks(moveItem(step.blocks, index, to));
      // Focus stays on the button pressed, or on the other one when the block reached an edge.
      const atEdge = to === 0 || to === step.blocks.length - 1;
      requestAnimationFrame(() =>
        document.getElementById(moveButtonId(key, atEdge ? (-by as -1 | 1) : by))?.focus(),
      );
    },

    /** Removes a block of the current step; answers the block that took its place, if any. */
    deleteBlock(index: number): EditorBlock | undefined {
      if (!step) return undefined;
      const remaining = removeItem(step.blocks, index);
      updateBlocks(remaining);
      toast.success(t("blockDeleted"));
      return remaining[Math.min(index, remaining.length - 1)];
    },

    /**
     * The survey as saved elsewhere, or merged with it, replaces the working copy (nothing is
     * saved for it here); what stayed keeps its key, so its editor and focus stay too.
     */
    replace(next: Step[]) {
      setState((prev) => {
        const keyed = withKeys(next, prev.steps);
        return { steps: keyed, references: trackReferences(keyed, new Map()) };
      });
      setCurrent((c) => Math.min(c, Math.max(0, next.length - 1)));
    },
  };
}

export type SurveyDraft = ReturnType<typeof useSurveyDraft>;
