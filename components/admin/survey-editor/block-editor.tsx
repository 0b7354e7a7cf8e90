"use client";

import { ArrowDown, ArrowUp, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { RichTextEditor } from "@/components/rich-text/rich-text-editor";
import { TextAreaField, TextField } from "@/components/ui/text-field";
import {
  BLOCK_TYPES,
  DATA_NAME_MAX_LENGTH,
  isQuestionBlock,
  scaleBound,
  suggestDataName,
} from "@/lib/surveys/editor-rules";
import type { BlockType } from "@/lib/surveys/schema";
import type { EditorBlock } from "./model";
import { OptionsEditor } from "./options-editor";

type Props = {
  block: EditorBlock;
  /** Position in the step (from 0) and how many blocks the step has. */
  index: number;
  count: number;
  /** The data names of the survey's other questions, for a suggestion that is still free. */
  otherNames: string[];
  /** The message for a field of this block (`data_name`, `options.2.text`, …), or null. */
  errorAt: (field: string) => string | null;
  onChange: (block: EditorBlock) => void;
  onTypeChange: (type: BlockType) => void;
  onMove: (by: -1 | 1) => void;
  onDelete: (opener: HTMLElement) => void;
};

/** Ids of a block's move buttons, so focus can follow the block after it moved. */
export const moveButtonId = (key: string, by: -1 | 1) => `block-${key}-${by < 0 ? "up" : "down"}`;
export const blockHeadingId = (key: string) => `block-${key}-title`;

/** One block of a step: its type, data name, the fields of its type, and its actions. */
export function BlockEditor({
  block,
  index,
  count,
  otherNames,
  errorAt,
  onChange,
  onTypeChange,
  onMove,
  onDelete,
}: Props) {
  const t = useTranslations("surveyEditor");
  const id = `block-${block.key}`;
  const number = index + 1;
  const question = isQuestionBlock(block);
  const suggestion =
    question && block.question_text.trim() !== ""
      ? suggestDataName(block.question_text, otherNames)
      : null;

  return (
    <section
      aria-labelledby={blockHeadingId(block.key)}
      className="space-y-4 rounded-lg border border-gray-300 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3
          id={blockHeadingId(block.key)}
          tabIndex={-1}
          className="text-lg font-semibold text-primary-800 focus:outline-none"
        >
          {t("blockLabel", { number })}
          <span className="sr-only">: {t(`types.${block.type}`)}</span>
        </h3>
        <div className="flex flex-wrap gap-1">
          <button
            id={moveButtonId(block.key, -1)}
            type="button"
            className="btn-ghost p-2"
            aria-label={t("moveUp", { number })}
            title={t("moveUp", { number })}
            disabled={index === 0}
            onClick={() => onMove(-1)}
          >
            <ArrowUp aria-hidden className="size-4" />
          </button>
          <button
            id={moveButtonId(block.key, 1)}
            type="button"
            className="btn-ghost p-2"
            aria-label={t("moveDown", { number })}
            title={t("moveDown", { number })}
            disabled={index === count - 1}
            onClick={() => onMove(1)}
          >
            <ArrowDown aria-hidden className="size-4" />
          </button>
          <button
            type="button"
            className="btn-ghost p-2 text-accent-700"
            aria-label={t("deleteBlock", { number })}
            title={t("deleteBlock", { number })}
            onClick={(e) => onDelete(e.currentTarget)}
          >
            <Trash2 aria-hidden className="size-4" />
          </button>
        </div>
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-type`} className="label">
            {t("blockType")}
          </label>
          <select
            id={`${id}-type`}
            className="input"
            value={block.type}
            onChange={(e) => onTypeChange(e.target.value as BlockType)}
          >
            {BLOCK_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`types.${type}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <TextField
            id={`${id}-data-name`}
            label={t("dataName")}
            description={question ? t("dataNameHint") : t("dataNameTextHint")}
            value={block.data_name}
            maxLength={DATA_NAME_MAX_LENGTH}
            autoComplete="off"
            spellCheck={false}
            className="input font-mono"
            error={errorAt("data_name")}
            onChange={(e) => onChange({ ...block, data_name: e.target.value })}
          />
          {suggestion && suggestion !== block.data_name.trim() ? (
            <button
              type="button"
              className="mt-1 text-sm text-primary-700 underline"
              onClick={() => onChange({ ...block, data_name: suggestion })}
            >
              {t("suggest", { name: suggestion })}
            </button>
          ) : null}
        </div>
      </div>

      {block.type === "text" ? (
        <RichTextEditor
          id={`${id}-content`}
          label={t("text")}
          value={block.content}
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

      {block.type === "open_question" ? (
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
    </section>
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
      description={t("scaleHint")}
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
