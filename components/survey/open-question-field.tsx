"use client";

import { useTranslations } from "next-intl";
import type { Block } from "@/lib/surveys/schema";
import { FieldError } from "./field-error";

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
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="label text-base">
        {block.question_text}
        {block.is_required ? (
          <span className="ml-2 text-sm font-normal text-accent-700">({t("required")})</span>
        ) : null}
      </label>
      <textarea
        id={id}
        className="input min-h-28"
        rows={4}
        maxLength={10_000}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-required={block.is_required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}
