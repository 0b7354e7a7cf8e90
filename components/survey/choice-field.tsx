"use client";

import { useTranslations } from "next-intl";
import { ClearAnswer } from "./clear-answer";
import type { QuestionFieldProps } from "./question-field-props";
import { QuestionFieldset } from "./question-fieldset";

/** Radio buttons, or checkboxes when several options may be chosen; always needs one (spec §5). */
export function ChoiceField({
  id,
  block,
  value: selected,
  error,
  onChange,
  onClear,
}: QuestionFieldProps<"multiple_choice", string[]>) {
  const t = useTranslations("survey");
  const options = [...block.options].sort((a, b) => a.order - b.order);
  const multiple = block.allow_multiple;

  function toggle(text: string, checked: boolean) {
    if (!multiple) return onChange([text]);
    // Keep the options' own order, whatever order they were ticked in.
    const next = new Set(selected);
    if (checked) next.add(text);
    else next.delete(text);
    onChange(options.map((o) => o.text).filter((o) => next.has(o)));
  }

  return (
    <QuestionFieldset
      id={id}
      question={block.question_text}
      required={block.is_required}
      hint={multiple ? t("chooseAny") : t("chooseOne")}
      hintClassName="mb-2 text-sm text-muted"
      error={error}
      radios={!multiple}
    >
      <ul className="space-y-2">
        {options.map((option, index) => {
          const inputId = `${id}-option-${index}`;
          return (
            <li key={`${index}-${option.text}`} className="flex items-start gap-3">
              <input
                id={inputId}
                type={multiple ? "checkbox" : "radio"}
                name={id}
                className="mt-1 size-5 shrink-0 accent-primary-700"
                checked={selected.includes(option.text)}
                onChange={(e) => toggle(option.text, e.target.checked)}
                aria-invalid={error && multiple ? true : undefined}
              />
              <label htmlFor={inputId} className="text-base">
                {option.text}
              </label>
            </li>
          );
        })}
      </ul>
      {!multiple && !block.is_required && selected.length > 0 ? (
        <ClearAnswer groupId={id} question={block.question_text} onClear={onClear} />
      ) : null}
    </QuestionFieldset>
  );
}
