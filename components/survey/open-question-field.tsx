"use client";

import { TextAreaField } from "@/components/ui/text-field";
import type { QuestionFieldProps } from "./question-field-props";
import { RequiredMarker } from "./required-marker";

export function OpenQuestionField({
  id,
  block,
  value,
  error,
  onChange,
}: QuestionFieldProps<"open_question", string>) {
  return (
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
      maxLength={10_000}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      aria-required={block.is_required || undefined}
      error={error}
    />
  );
}
