"use client";

import { Filter, Pencil, Plus, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { ActionButton } from "@/components/ui/action-button";
import { FieldError } from "@/components/ui/field-error";
import {
  fromParts,
  newComparison,
  type EarlierQuestion,
} from "@/lib/surveys/condition-choices.shared";
import { conditionParts, type VisibleIf } from "@/lib/surveys/conditions.shared";
import { ConditionRow } from "./condition-row";
import { ConditionSentence } from "./condition-sentence";
import { conditionId } from "./element-ids";

type Focus = "first" | "edit" | "add" | null;

/**
 * "Show only if" of a step or a block. Without a condition: a button to add one (or a line
 * saying why none can be made yet). With one: the condition as a sentence, with edit and remove;
 * editing opens one row per comparison and how they combine (all / any). Every change is saved
 * at once; a problem with the condition (found here or by the server) shows below it.
 */
export function ConditionEditor({
  id,
  kind,
  where,
  visibleIf,
  earlier,
  error,
  onChange,
}: {
  /** The holder's id prefix (a step's or a block's). */
  id: string;
  kind: "step" | "block";
  /** The holder in words ("step 2, block 1"), for the buttons' names. */
  where: string;
  visibleIf: VisibleIf | undefined;
  earlier: readonly EarlierQuestion[];
  error: string | null;
  onChange: (visibleIf: VisibleIf | undefined) => void;
}) {
  const t = useTranslations("surveyEditor.conditions");
  const base = conditionId(id);
  const [open, setOpen] = useState(false);
  const focus = useRef<Focus>(null);
  useEffect(() => {
    const target = { first: `${base}-0-question`, edit: `${base}-edit`, add: `${base}-add` };
    if (focus.current) document.getElementById(target[focus.current])?.focus();
    focus.current = null;
  });

  const errorId = `${base}-error`;
  const errorLine = <FieldError id={errorId} message={error} />;

  if (!visibleIf) {
    const last = earlier.at(-1);
    return (
      <div id={base} className="text-sm">
        {last ? (
          <button
            id={`${base}-add`}
            type="button"
            className="btn-ghost -ml-2 px-2"
            onClick={() => {
              onChange(newComparison(last.question));
              setOpen(true);
              focus.current = "first";
            }}
          >
            <Filter aria-hidden className="size-4" />
            {t("add")}
            <span className="sr-only"> ({where})</span>
          </button>
        ) : (
          <p className="text-gray-700">{t(kind === "step" ? "noEarlierStep" : "noEarlierBlock")}</p>
        )}
        {errorLine}
      </div>
    );
  }

  const { combine, conditions } = conditionParts(visibleIf);
  const remove = () => {
    onChange(undefined);
    setOpen(false);
    focus.current = "add";
  };
  const sentence = (
    <p id={`${base}-sentence`}>
      <ConditionSentence visibleIf={visibleIf} earlier={earlier} />
    </p>
  );

  if (!open) {
    return (
      <div
        id={base}
        className={`space-y-2 rounded-md border-l-4 p-3 ${error ? "border-accent-700 bg-red-50" : "border-primary-600 bg-primary-50"}`}
      >
        {sentence}
        {errorLine}
        <div className="flex flex-wrap gap-2">
          <ActionButton
            id={`${base}-edit`}
            variant="secondary"
            icon={Pencil}
            aria-describedby={error ? `${base}-sentence ${errorId}` : `${base}-sentence`}
            onClick={() => {
              setOpen(true);
              focus.current = "first";
            }}
          >
            {t("edit")}
            <span className="sr-only"> ({where})</span>
          </ActionButton>
          <ActionButton variant="ghost" icon={Trash2} onClick={remove}>
            {t("remove")}
            <span className="sr-only"> ({where})</span>
          </ActionButton>
        </div>
      </div>
    );
  }

  return (
    <fieldset
      id={base}
      className={`space-y-3 rounded-md border p-3 ${error ? "border-accent-700" : "border-primary-600"}`}
    >
      <legend className="px-1 font-semibold">{t("legend")}</legend>
      {sentence}
      {conditions.length > 1 ? (
        <div>
          <label htmlFor={`${base}-combine`} className="label">
            {t("combine")}
          </label>
          <select
            id={`${base}-combine`}
            className="input w-auto"
            value={combine}
            onChange={(e) => onChange(fromParts(e.target.value as "all" | "any", conditions))}
          >
            <option value="all">{t("combineAll")}</option>
            <option value="any">{t("combineAny")}</option>
          </select>
        </div>
      ) : null}
      {conditions.map((condition, i) => (
        <ConditionRow
          key={i}
          id={`${base}-${i}`}
          number={i + 1}
          condition={condition}
          earlier={earlier}
          onChange={(next) =>
            onChange(
              fromParts(
                combine,
                conditions.map((c, j) => (j === i ? next : c)),
              ),
            )
          }
          onRemove={() => {
            const rest = conditions.filter((_, j) => j !== i);
            if (rest.length === 0) return remove();
            onChange(fromParts(combine, rest));
            focus.current = "first";
          }}
        />
      ))}
      {errorLine}
      <div className="flex flex-wrap gap-2">
        {earlier.length > 0 ? (
          <ActionButton
            variant="ghost"
            icon={Plus}
            onClick={() =>
              onChange(fromParts(combine, [...conditions, newComparison(earlier.at(-1)!.question)]))
            }
          >
            {t("addAnother")}
          </ActionButton>
        ) : null}
        <button
          type="button"
          className="btn-secondary"
          onClick={() => {
            setOpen(false);
            focus.current = "edit";
          }}
        >
          {t("done")}
        </button>
        <ActionButton variant="ghost" icon={Trash2} onClick={remove}>
          {t("remove")}
        </ActionButton>
      </div>
    </fieldset>
  );
}
