"use client";

import { ArrowDown, ArrowUp, Plus, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState, type FormEvent, type KeyboardEvent } from "react";
import { EmptyState } from "@/components/ui/empty-state";
import { FieldError } from "@/components/ui/field-error";
import { TextField } from "@/components/ui/text-field";
import {
  canAddOption,
  moveItem,
  normalizeOptionText,
  removeItem,
} from "@/lib/surveys/editor-rules.shared";
import { MAX_OPTIONS, type Block } from "@/lib/surveys/schema.shared";

type Option = Extract<Block, { type: "multiple_choice" }>["options"][number];

const optionButtonId = (id: string, index: number, action: "up" | "down" | "remove") =>
  `${id}-${index}-${action}`;

/** The two buttons that move an option, a place up or down. */
const MOVES = [
  { action: "up", by: -1, Icon: ArrowUp, label: "optionMoveUp" },
  { action: "down", by: 1, Icon: ArrowDown, label: "optionMoveDown" },
] as const;

/**
 * A multiple-choice block's options: added only when the trimmed text is non-empty and not in
 * the list yet (spec §5), removable, and moved up or down. Focus follows an option that moved.
 */
export function OptionsEditor({
  id,
  options,
  errorAt,
  listError,
  onChange,
}: {
  id: string;
  options: Option[];
  errorAt: (index: number) => string | null;
  /** The server's refusal of the list as a whole (more options than a question holds). */
  listError: string | null;
  onChange: (options: Option[]) => void;
}) {
  const t = useTranslations("surveyEditor");
  const [draft, setDraft] = useState("");
  const addable = canAddOption(options, draft);
  const full = options.length >= MAX_OPTIONS;

  function add(event?: FormEvent) {
    event?.preventDefault();
    if (!addable) return;
    onChange([...options, { order: options.length, text: normalizeOptionText(draft) }]);
    setDraft("");
    // Ready for the next option; the add button, disabled while the field is empty, would
    // otherwise drop the focus to the page.
    document.getElementById(`${id}-new`)?.focus();
  }

  function move(index: number, by: -1 | 1) {
    const to = index + by;
    onChange(moveItem(options, index, to));
    const edge = to === 0 || to === options.length - 1;
    const action = by < 0 ? (edge ? "down" : "up") : edge ? "up" : "down";
    requestAnimationFrame(() => document.getElementById(optionButtonId(id, to, action))?.focus());
  }

  function remove(index: number) {
    onChange(removeItem(options, index));
    requestAnimationFrame(() => {
      const next = Math.min(index, options.length - 2);
      const target =
        next >= 0
          ? document.getElementById(optionButtonId(id, next, "remove"))
          : document.getElementById(`${id}-new`);
      target?.focus();
    });
  }

  function onKey(event: KeyboardEvent<HTMLInputElement>) {
    // Enter adds, as the button does; the editor has no form to submit.
    if (event.key === "Enter") {
      event.preventDefault();
      add();
    }
  }

  return (
    <fieldset className="space-y-3">
      <legend className="label">{t("options")}</legend>
      {options.length === 0 ? (
        <EmptyState>{t("noOptions")}</EmptyState>
      ) : (
        <ol className="space-y-2">
          {options.map((option, index) => (
            <li
              key={index}
              className="flex items-center gap-2 rounded-md border border-gray-200 px-3 py-1"
            >
              <OptionText
                id={`${id}-${index}-text`}
                label={t("optionText", { position: index + 1 })}
                text={option.text}
                invalid={errorAt(index) !== null}
                describedBy={`${id}-${index}-error`}
                onChange={(text) =>
                  onChange(options.map((o, i) => (i === index ? { ...o, text } : o)))
                }
              />
              {MOVES.map(({ action, by, Icon, label }) => (
                <button
                  key={action}
                  id={optionButtonId(id, index, action)}
                  type="button"
                  className="btn-ghost p-2"
                  aria-label={t(label, { text: option.text })}
                  disabled={index + by < 0 || index + by >= options.length}
                  onClick={() => move(index, by)}
                >
                  <Icon aria-hidden className="size-4" />
                </button>
              ))}
              <button
                id={optionButtonId(id, index, "remove")}
                type="button"
                className="btn-ghost p-2 text-accent-700"
                aria-label={t("optionRemove", { text: option.text })}
                onClick={() => remove(index)}
              >
                <X aria-hidden className="size-4" />
              </button>
              <FieldError id={`${id}-${index}-error`} message={errorAt(index)} />
            </li>
          ))}
        </ol>
      )}
      <FieldError id={`${id}-list-error`} message={listError} />
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-48 flex-1">
          <TextField
            id={`${id}-new`}
            label={t("newOption")}
            maxLength={500}
            value={draft}
            description={full ? t("optionsFull", { max: MAX_OPTIONS }) : undefined}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={onKey}
          />
        </div>
        <button type="button" className="btn-secondary" disabled={!addable} onClick={() => add()}>
          <Plus aria-hidden className="size-4" />
          {t("addOption")}
        </button>
      </div>
    </fieldset>
  );
}

/**
 * An option's text, edited in place. Stored as typed; on leaving the field it is trimmed, and
 * an emptied field takes back the text it had (an option without text cannot be chosen).
 */
function OptionText({
  id,
  label,
  text,
  invalid,
  describedBy,
  onChange,
}: {
  id: string;
  label: string;
  text: string;
  invalid: boolean;
  describedBy: string;
  onChange: (text: string) => void;
}) {
  const [before, setBefore] = useState(text);
  return (
    <input
      id={id}
      className="input min-w-0 flex-1 border-transparent px-2 py-1 hover:border-gray-300"
      aria-label={label}
      aria-invalid={invalid || undefined}
      aria-describedby={invalid ? describedBy : undefined}
      maxLength={500}
      value={text}
      onFocus={() => setBefore(text)}
      onChange={(e) => onChange(e.target.value)}
      onBlur={() => {
        const normal = normalizeOptionText(text);
        if (normal === "") onChange(before);
        else if (normal !== text) onChange(normal);
      }}
    />
  );
}
