"use client";

import type { Answer } from "@/lib/surveys/answers.shared";
import type { Block } from "@/lib/surveys/schema.shared";
import { isQuestion } from "@/lib/surveys/validation.shared";
import { RichText } from "@/components/rich-text/rich-text";
import { ChoiceField } from "./choice-field";
import { OpenQuestionField } from "./open-question-field";
import { ScaleField } from "./scale-field";

/**
 * One block of a step. Text content was sanitised by the server before it was sent and renders
 * in the same clipping box as other rich text, so it cannot cover the questions or the page
 * around them.
 */
export function SurveyBlock({
  id,
  block,
  answer,
  error,
  onAnswer,
}: {
  id: string;
  block: Block;
  answer: Answer | undefined;
  error: string | null;
  /** A changed answer, or `undefined` when it was taken back. */
  onAnswer: (answer: Answer | undefined) => void;
}) {
  if (block.type === "text") {
    return <RichText html={block.content} />;
  }
  if (!isQuestion(block)) return null;
  const data_name = block.data_name;
  const onClear = () => onAnswer(undefined);
  switch (block.type) {
    case "open_question":
      return (
        <OpenQuestionField
          id={id}
          block={block}
          value={answer?.type === "open_question" ? answer.open_answer : ""}
          error={error}
          onClear={onClear}
          onChange={(open_answer) => onAnswer({ type: "open_question", data_name, open_answer })}
        />
      );
    case "multiple_choice":
      return (
        <ChoiceField
          id={id}
          block={block}
          value={answer?.type === "multiple_choice" ? answer.selected_options : []}
          error={error}
          onClear={onClear}
          onChange={(selected_options) =>
            onAnswer({ type: "multiple_choice", data_name, selected_options })
          }
        />
      );
    case "scale":
      return (
        <ScaleField
          id={id}
          block={block}
          value={answer?.type === "scale" ? answer.scale_value : undefined}
          error={error}
          onClear={onClear}
          onChange={(scale_value) => onAnswer({ type: "scale", data_name, scale_value })}
        />
      );
  }
}
