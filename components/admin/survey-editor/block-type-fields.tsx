"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { RichTextEditor } from "@/components/rich-text/rich-text-editor";
import { TextAreaField, TextField } from "@/components/ui/text-field";
import { scaleBound } from "@/lib/surveys/editor-rules.shared";
import type { EditorBlock } from "./model";
import { OptionsEditor } from "./options-editor";

/**
 * The fields of a block's own type: the text of a text block, the question of a question, and
 * what each question type adds (required, the choices, the scale's bounds and labels).
 */
export function BlockTypeFields({
  id,
  block,
  errorAt,
  onChange,
}: {
  /** Prefix of the fields' ids. */
  id: string;
  block: EditorBlock;
  errorAt: (field: string) => string | null;
  onChange: (block: EditorBlock) => void;
}) {
  const t = useTranslations("surveyEditor");
  return (
    <>
      {block.type === "text" ? (
        <RichTextEditor
          id={`${id}-content`}
          label={t("text")}
          value={block.content}
          error={errorAt("content")}
          onChange={(content) => onChange({ ...block, content })}
        />
      ) : (
        <TextAreaField
          id={`${id}-question`}
          label={t("questionText")}
          rows={2}
          maxLength={2000}
          value={block.question_text}
          error={errorAt("question_text")}
          onChange={(e) => onChange({ ...block, question_text: e.target.value })}
        />
      )}

      {block.type !== "text" ? (
        <Checkbox
          id={`${id}-required`}
          label={t("required")}
          checked={block.is_required}
          onChange={(is_required) => onChange({ ...block, is_required })}
        />
      ) : null}

      {block.type === "multiple_choice" ? (
        <>
          <Checkbox
            id={`${id}-multiple`}
            label={t("allowMultiple")}
            checked={block.allow_multiple}
            onChange={(allow_multiple) => onChange({ ...block, allow_multiple })}
          />
          <OptionsEditor
            id={`${id}-options`}
            options={block.options}
            errorAt={(o) => errorAt(`options.${o}.text`)}
            listError={errorAt("options")}
            onChange={(options) => onChange({ ...block, options })}
          />
        </>
      ) : null}

      {block.type === "scale" ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <ScaleBoundField
            id={`${id}-min`}
            label={t("minValue")}
            which="min"
            value={block.min_value}
            error={errorAt("min_value")}
            onChange={(min_value) => onChange({ ...block, min_value })}
          />
          <ScaleBoundField
            id={`${id}-max`}
            label={t("maxValue")}
            which="max"
            value={block.max_value}
            error={errorAt("max_value")}
            onChange={(max_value) => onChange({ ...block, max_value })}
          />
          <TextField
            id={`${id}-min-label`}
            label={t("minLabel")}
            maxLength={200}
            value={block.min_label}
            error={errorAt("min_label")}
            onChange={(e) => onChange({ ...block, min_label: e.target.value })}
          />
          <TextField
            id={`${id}-max-label`}
            label={t("maxLabel")}
            maxLength={200}
            value={block.max_label}
            error={errorAt("max_label")}
            onChange={(e) => onChange({ ...block, max_label: e.target.value })}
          />
        </div>
      ) : null}
    </>
  );
}

function Checkbox({
  id,
  label,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="flex items-center gap-2">
      <input
        id={id}
        type="checkbox"
        className="size-5 accent-primary-700"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/**
 * A scale bound as typed: the survey takes the number, or 1 / 5 while the field holds no number
 * (spec §5); the field keeps what was typed until it loses focus, so typing "-" or clearing it
 * to type another number works, and then shows the value that counts.
 */
function ScaleBoundField({
  id,
  label,
  which,
  value,
  error,
  onChange,
}: {
  id: string;
  label: string;
  which: "min" | "max";
  value: number;
  error: string | null;
  onChange: (value: number) => void;
}) {
  const t = useTranslations("surveyEditor");
  const [typed, setTyped] = useState<string | null>(null);
  return (
    <TextField
      id={id}
      label={label}
      description={typed !== null && !/^\s*-?\d+\s*$/.test(typed) ? t("scaleHint") : undefined}
      inputMode="numeric"
      value={typed ?? String(value)}
      error={error}
      onChange={(e) => {
        setTyped(e.target.value);
        onChange(scaleBound(e.target.value, which));
      }}
      onBlur={() => setTyped(null)}
    />
  );
}
