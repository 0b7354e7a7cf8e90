"use client";

import { useTranslations } from "next-intl";
import { TextAreaField } from "@/components/ui/text-field";
import type { Block } from "@/lib/surveys/schema";

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
  const t = useTranslations("survey");
  return (
    <TextAreaField
      id={id}
      labelClassName="label text-base"
      label={
        <>
          {block.question_text}
          {block.is_required ? (
            <span className="ml-2 text-sm font-normal text-accent-700">({t("required")})</span>
          ) : null}
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
