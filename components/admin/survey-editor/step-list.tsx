"use client";

import { CircleAlert, Plus } from "lucide-react";
import { useTranslations } from "next-intl";
import { ActionButton } from "@/components/ui/action-button";
import { MAX_STEPS } from "@/lib/surveys/schema.shared";
import type { EditorStep } from "./model";

/**
 * The survey's steps as a bar of buttons, the one on screen marked, and "add step". A step with
 * something to correct says so on its button: a problem on another step (a data name clashing
 * with a later question) would otherwise stop every save with nothing marked on screen.
 */
export function StepList({
  steps,
  current,
  withProblems,
  onSelect,
  onAdd,
}: {
  steps: EditorStep[];
  current: number;
  /** The indexes of the steps with something to correct. */
  withProblems: ReadonlySet<number>;
  onSelect: (index: number) => void;
  onAdd: () => void;
}) {
  const t = useTranslations("surveyEditor");
  // As the server holds it: a step more would only be refused (at `steps`, shown nowhere).
  const full = steps.length >= MAX_STEPS;
  return (
    <nav aria-label={t("steps")} className="flex flex-wrap items-center gap-2">
      <ol className="flex flex-wrap gap-2">
        {steps.map((s, i) => (
          <li key={s.key}>
            <button
              type="button"
              className={i === current ? "btn-primary" : "btn-secondary"}
              aria-current={i === current ? "step" : undefined}
              onClick={() => onSelect(i)}
            >
              {withProblems.has(i) ? (
                <CircleAlert aria-hidden className="size-4 text-accent-700" />
              ) : null}
              {t("stepLabel", { number: i + 1 })}
              {withProblems.has(i) ? (
                <span className="sr-only">{`: ${t("stepHasProblems")}`}</span>
              ) : null}
            </button>
          </li>
        ))}
      </ol>
      <ActionButton
        variant="ghost"
        icon={Plus}
        disabled={full}
        aria-describedby={full ? "survey-steps-full" : undefined}
        onClick={onAdd}
      >
        {t("addStep")}
      </ActionButton>
      {full ? (
        <p id="survey-steps-full" className="text-sm text-muted">
          {t("stepsFull", { max: MAX_STEPS })}
        </p>
      ) : null}
    </nav>
  );
}

/** The steps that field paths (`steps.1.blocks.0.data_name`) point into. */
export function stepsWithProblems(paths: readonly string[]): ReadonlySet<number> {
  const steps = new Set<number>();
  for (const path of paths) {
    const step = /^steps\.(\d+)\./.exec(path)?.[1];
    if (step !== undefined) steps.add(Number(step));
  }
  return steps;
}
