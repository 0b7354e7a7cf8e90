"use client";

import { useFormatter, useTranslations } from "next-intl";
import { TextAreaField } from "@/components/ui/text-field";
import { MAX_OPEN_ANSWER_LENGTH } from "@/lib/surveys/answer-limits.shared";
import type { QuestionFieldProps } from "./question-field-props";
import { RequiredMarker } from "./required-marker";

export function OpenQuestionField({
  id,
  block,
  value,
  error,
  onChange,
}: QuestionFieldProps<"open_question", string>) {
  const t = useTranslations("survey.answerLength");
  const format = useFormatter();
  const atLimit = value.length >= MAX_OPEN_ANSWER_LENGTH;
  return (
    <div>
      <TextAreaField
        id={id}
        labelClassName="label text-base"
        label={
          <>
            {block.question_text}
            <RequiredMarker required={block.is_required} />
          </>
        }
        rows={4}
        maxLength={MAX_OPEN_ANSWER_LENGTH}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-required={block.is_required || undefined}
        description={value.length >= NOTE_FROM ? <LengthNote length={value.length} /> : undefined}
        error={error}
      />
      {/* There from the start, empty: a screen reader announces a live region's change, not one
          that appears already filled (a long paste cut at the limit). */}
      <p role="status" className="sr-only">
        {atLimit ? t("atLimit", { max: format.number(MAX_OPEN_ANSWER_LENGTH) }) : ""}
      </p>
    </div>
  );
}

/** Near the limit, how many characters are used; at it, that nothing more is taken. */
const NOTE_FROM = Math.floor(MAX_OPEN_ANSWER_LENGTH * 0.9);

/**
 * Said only near the limit, where it matters: the field takes no more than the limit, and a
 * longer text pasted in is cut there by the browser without a word. At the limit the field's
 * live region says it as well.
 */
function LengthNote({ length }: { length: number }) {
  const t = useTranslations("survey.answerLength");
  const format = useFormatter();
  const max = format.number(MAX_OPEN_ANSWER_LENGTH);
  return length >= MAX_OPEN_ANSWER_LENGTH
    ? t("atLimit", { max })
    : t("nearLimit", { count: format.number(length), max });
}
