"use client";

import { useTranslations } from "next-intl";
import { Fragment } from "react";
import type { EarlierQuestion } from "@/lib/surveys/condition-choices.shared";
import { conditionParts, type Condition, type VisibleIf } from "@/lib/surveys/conditions.shared";
import type { QuestionBlock } from "@/lib/surveys/editor-rules.shared";

/** How a question is named in the editor's sentences: its text, or its data name without one. */
export function questionLabel(question: QuestionBlock | undefined, dataName: string): string {
  const text = question?.question_text.trim() ?? "";
  return text !== "" ? text : dataName;
}

/** One comparison in plain words: "*Has this happened to you?* is *Yes*". */
export function ComparisonWords({
  condition,
  question,
  removedText = "",
}: {
  condition: Condition;
  question: QuestionBlock | undefined;
  /** The text of a question that is no longer in the survey, to name it by. */
  removedText?: string;
}) {
  const t = useTranslations("surveyEditor.conditions");
  const label =
    question || removedText === "" ? questionLabel(question, condition.data_name) : removedText;
  return t.rich(`sentence.${condition.op}`, {
    question: label,
    value: condition.value === undefined ? "" : String(condition.value),
    q: (chunks) => <strong className="font-semibold">{chunks}</strong>,
    v: (chunks) => <strong className="font-semibold">{chunks}</strong>,
  });
}

/**
 * A condition as one sentence: "Show only if *Has this happened to you?* is *Yes* and …", the
 * questions named by their text (the earlier questions given), else by their data name.
 */
export function ConditionSentence({
  visibleIf,
  earlier,
}: {
  visibleIf: VisibleIf;
  earlier: readonly EarlierQuestion[];
}) {
  const t = useTranslations("surveyEditor.conditions");
  const { combine, conditions } = conditionParts(visibleIf);
  const find = (name: string) => earlier.find((e) => e.question.data_name.trim() === name);
  return (
    <>
      {t("showOnlyIf")}{" "}
      {conditions.map((condition, i) => (
        <Fragment key={i}>
          {i > 0 ? ` ${t(combine === "all" ? "and" : "or")} ` : null}
          <ComparisonWords condition={condition} question={find(condition.data_name)?.question} />
        </Fragment>
      ))}
    </>
  );
}
