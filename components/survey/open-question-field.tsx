"use client";

import { TextAreaField } from "@/components/ui/text-field";
import type { Block } from "@/lib/surveys/schema.shared";
import { RequiredMarker } from "./required-marker";

type OpenQuestion = Extract<Block, { type: "open_question" }>;

export function OpenQuestionField({
  id,
  block,
  value,
  error,
  onChange,
}: {
  id: string;
  block: OpenQuestion;
  value: string;
  error: string | null;
  onChange: (value: string) => void;
}) {
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
