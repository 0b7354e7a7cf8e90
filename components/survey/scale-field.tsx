"use client";

import { useTranslations } from "next-intl";
import { scaleValues } from "@/lib/surveys/validation.shared";
import { ClearAnswer } from "./clear-answer";
import type { QuestionFieldProps } from "./question-field-props";
import { QuestionFieldset } from "./question-fieldset";

/**
 * A radio group from min to max. Nothing is chosen at first: a scale never moved counts as
 * unanswered (spec §5), which a slider with a starting position could not express.
 */
export function ScaleField({
  id,
  block,
  value,
  error,
  onChange,
  onClear,
}: QuestionFieldProps<"scale", number | undefined>) {
  const t = useTranslations("survey");
  const values = scaleValues(block);
  const min = values[0];
  const max = values[values.length - 1];
  const hint =
    block.min_label || block.max_label
      ? t("scaleHint", { min, max, minLabel: block.min_label, maxLabel: block.max_label })
      : t("scaleHintPlain", { min, max });

  return (
    <QuestionFieldset
      id={id}
      question={block.question_text}
      required={block.is_required}
      hint={hint}
      hintClassName="sr-only"
      error={error}
      radios
    >
      <div className="flex flex-wrap gap-2">
        {values.map((v) => (
          <label key={v} className="relative">
            <input
              type="radio"
              name={id}
              value={v}
              className="peer absolute inset-0 size-full cursor-pointer opacity-0"
              checked={value === v}
              onChange={() => onChange(v)}
            />
            <span className="flex size-11 items-center justify-center rounded-md border border-gray-500 bg-white text-base font-semibold text-ink peer-checked:border-primary-700 peer-checked:bg-primary-700 peer-checked:text-white peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary-600">
              {v}
            </span>
          </label>
        ))}
      </div>
      {block.min_label || block.max_label ? (
        <div
          aria-hidden
          className="mt-2 flex max-w-full justify-between gap-4 text-sm text-muted"
          style={{ width: `${values.length * 3.25}rem` }}
        >
          <span>{block.min_label}</span>
          <span className="text-right">{block.max_label}</span>
        </div>
      ) : null}
      {!block.is_required && value !== undefined ? (
        <ClearAnswer groupId={id} question={block.question_text} onClear={onClear} />
      ) : null}
    </QuestionFieldset>
  );
}
