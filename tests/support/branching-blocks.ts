import type { Block } from "@/lib/surveys/schema.shared";

type ChoiceBlock = Extract<Block, { type: "multiple_choice" }>;
type ScaleBlock = Extract<Block, { type: "scale" }>;

/** The branching pair the survey-logic tests share: "Has this happened to you?" (Yes / No)… */
export function happenedQuestion(overrides: Partial<ChoiceBlock> = {}): ChoiceBlock {
  return {
    type: "multiple_choice",
    data_name: "happened",
    order: 0,
    question_text: "Has this happened to you?",
    allow_multiple: false,
    is_required: false,
    options: [
      { order: 0, text: "Yes" },
      { order: 1, text: "No" },
    ],
    ...overrides,
  };
}

/** …and "How often?", a 1–5 scale, usually shown only after a "Yes". */
export function oftenQuestion(overrides: Partial<ScaleBlock> = {}): ScaleBlock {
  return {
    type: "scale",
    data_name: "often",
    order: 1,
    question_text: "How often?",
    min_value: 1,
    max_value: 5,
    min_label: "",
    max_label: "",
    is_required: true,
    ...overrides,
  };
}
