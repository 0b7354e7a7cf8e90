"use client";

import { useTranslations } from "next-intl";
import { TextField } from "@/components/ui/text-field";
import {
  BLOCK_TYPES,
  DATA_NAME_MAX_LENGTH,
  isQuestionBlock,
  suggestDataName,
} from "@/lib/surveys/editor-rules.shared";
import { withVisibleIf, type EarlierQuestion } from "@/lib/surveys/condition-choices.shared";
import type { BlockType } from "@/lib/surveys/schema.shared";
import { BlockHeader } from "./block-header";
import { BlockTypeFields } from "./block-type-fields";
import { ConditionEditor } from "./condition-editor";
import { blockHeadingId, blockIdPrefix, blockTypeId } from "./element-ids";
import type { EditorBlock } from "./model";

type Props = {
  block: EditorBlock;
  /** Position in the step (from 0) and how many blocks the step has. */
  index: number;
  count: number;
  /** The data names of the survey's other questions, for a suggestion that is still free. */
  otherNames: string[];
  /** The block in words ("step 1, block 2") and the questions its condition may name. */
  where: string;
  earlier: readonly EarlierQuestion[];
  /** The message for a field of this block (`data_name`, `options.2.text`, …), or null. */
  errorAt: (field: string) => string | null;
  onChange: (block: EditorBlock) => void;
  onTypeChange: (type: BlockType) => void;
  onMove: (by: -1 | 1) => void;
  onDelete: (opener: HTMLElement) => void;
};

/** One block of a step: its type, data name, the fields of its type, and its actions. */
export function BlockEditor({
  block,
  index,
  count,
  otherNames,
  where,
  earlier,
  errorAt,
  onChange,
  onTypeChange,
  onMove,
  onDelete,
}: Props) {
  const t = useTranslations("surveyEditor");
  const id = blockIdPrefix(block.key);
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
      <BlockHeader block={block} index={index} count={count} onMove={onMove} onDelete={onDelete} />
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={blockTypeId(block.key)} className="label">
            {t("blockType")}
          </label>
          <select
            id={blockTypeId(block.key)}
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
              onClick={() => {
                onChange({ ...block, data_name: suggestion });
                // This button goes once the name is taken: the field it filled keeps the focus.
                document.getElementById(`${id}-data-name`)?.focus();
              }}
            >
              {t("suggest", { name: suggestion })}
            </button>
          ) : null}
        </div>
      </div>

      <BlockTypeFields id={id} block={block} errorAt={errorAt} onChange={onChange} />
      <ConditionEditor
        id={id}
        kind="block"
        where={where}
        visibleIf={block.visible_if}
        earlier={earlier}
        error={errorAt("visible_if")}
        onChange={(visibleIf) => onChange(withVisibleIf(block, visibleIf))}
      />
    </section>
  );
}
