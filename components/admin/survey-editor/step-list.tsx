"use client";

import { Plus } from "lucide-react";
import { useTranslations } from "next-intl";
import { ActionButton } from "@/components/ui/action-button";
import type { EditorStep } from "./model";

/** The survey's steps as a bar of buttons, the one on screen marked, and "add step". */
export function StepList({
  steps,
  current,
  onSelect,
  onAdd,
}: {
  steps: EditorStep[];
  current: number;
  onSelect: (index: number) => void;
  onAdd: () => void;
}) {
  const t = useTranslations("surveyEditor");
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
              {t("stepLabel", { number: i + 1 })}
            </button>
          </li>
        ))}
      </ol>
      <ActionButton variant="ghost" icon={Plus} onClick={onAdd}>
        {t("addStep")}
      </ActionButton>
    </nav>
  );
}
