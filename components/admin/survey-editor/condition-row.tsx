"use client";

import { X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { SelectField, TextField } from "@/components/ui/text-field";
import {
  newComparison,
  opsOffered,
  withOp,
  type EarlierQuestion,
} from "@/lib/surveys/condition-choices.shared";
import { opTakesValue, type Condition, type ConditionOp } from "@/lib/surveys/conditions.shared";
import type { QuestionBlock } from "@/lib/surveys/editor-rules.shared";
import { questionLabel } from "./condition-sentence";

/**
 * One comparison of a condition: the question (earlier ones only), the comparison (only those
 * that fit the question), and the value: one of the question's options, a whole number within
 * its range, or a text for an open question.
 */
export function ConditionRow({
  id,
  number,
  condition,
  earlier,
  onChange,
  onRemove,
}: {
  /** Prefix of the fields' ids. */
  id: string;
  /** Position among the condition's comparisons (from 1). */
  number: number;
  condition: Condition;
  earlier: readonly EarlierQuestion[];
  onChange: (condition: Condition) => void;
  onRemove: () => void;
}) {
  const t = useTranslations("surveyEditor.conditions");
  const named = earlier.find((e) => e.question.data_name.trim() === condition.data_name);
  const question = named?.question;
  const ops = question ? opsOffered(question) : [];
  return (
    <fieldset className="grid gap-3 rounded-md border border-gray-300 p-3 sm:grid-cols-[1fr_auto_auto_auto] sm:items-end">
      <legend className="px-1 text-sm font-semibold">{t("comparison", { number })}</legend>
      <SelectField
        id={`${id}-question`}
        label={t("question")}
        value={condition.data_name}
        onChange={(e) => {
          const next = earlier.find((x) => x.question.data_name.trim() === e.target.value);
          if (next) onChange(newComparison(next.question));
        }}
      >
        {named ? null : (
          <option value={condition.data_name}>
            {t("notAvailable", { name: condition.data_name })}
          </option>
        )}
        {earlier.map((e) => (
          <option key={e.question.data_name} value={e.question.data_name.trim()}>
            {t("questionOption", {
              step: e.step + 1,
              block: e.block + 1,
              label: questionLabel(e.question, e.question.data_name.trim()),
            })}
          </option>
        ))}
      </SelectField>
      <SelectField
        id={`${id}-op`}
        label={t("op")}
        value={condition.op}
        onChange={(e) =>
          question && onChange(withOp(condition, question, e.target.value as ConditionOp))
        }
      >
        {ops.includes(condition.op) ? null : (
          <option value={condition.op}>{t(`ops.${condition.op}`)}</option>
        )}
        {ops.map((op) => (
          <option key={op} value={op}>
            {t(`ops.${op}`)}
          </option>
        ))}
      </SelectField>
      {question && opTakesValue(condition.op) ? (
        <ValueField
          id={`${id}-value`}
          question={question}
          condition={condition}
          onChange={onChange}
        />
      ) : (
        <div aria-hidden className="hidden sm:block" />
      )}
      <button
        type="button"
        className="btn-ghost min-h-11 p-2 text-accent-700"
        aria-label={t("removeComparison", { number })}
        title={t("removeComparison", { number })}
        onClick={onRemove}
      >
        <X aria-hidden className="size-4" />
      </button>
    </fieldset>
  );
}

function ValueField({
  id,
  question,
  condition,
  onChange,
}: {
  id: string;
  question: QuestionBlock;
  condition: Condition;
  onChange: (condition: Condition) => void;
}) {
  const t = useTranslations("surveyEditor.conditions");
  // A number as typed: the condition takes it once it is a whole number.
  const [typed, setTyped] = useState<string | null>(null);
  if (question.type === "multiple_choice") {
    const value = String(condition.value ?? "");
    const known = question.options.some((o) => o.text === value);
    return (
      <SelectField
        id={id}
        label={t("answer")}
        value={value}
        onChange={(e) => onChange({ ...condition, value: e.target.value })}
      >
        {known ? null : <option value={value}>{t("notAnOption", { value })}</option>}
        {question.options.map((o) => (
          <option key={o.text} value={o.text}>
            {o.text}
          </option>
        ))}
      </SelectField>
    );
  }
  if (question.type === "scale") {
    const min = Math.min(question.min_value, question.max_value);
    const max = Math.max(question.min_value, question.max_value);
    return (
      <TextField
        id={id}
        label={t("number", { min, max })}
        type="number"
        inputMode="numeric"
        className="input w-28"
        min={min}
        max={max}
        step={1}
        value={typed ?? String(condition.value ?? "")}
        onChange={(e) => {
          setTyped(e.target.value);
          if (/^\s*-?\d+\s*$/.test(e.target.value)) {
            onChange({ ...condition, value: Number(e.target.value) });
          }
        }}
        onBlur={() => setTyped(null)}
      />
    );
  }
  return (
    <TextField
      id={id}
      label={t("text")}
      type="text"
      maxLength={500}
      value={String(condition.value ?? "")}
      onChange={(e) => onChange({ ...condition, value: e.target.value })}
    />
  );
}
