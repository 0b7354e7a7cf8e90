import { isQuestionBlock, normalizeOptionText } from "./editor-rules.shared";
import { MAX_TEXT_CONTENT, type Step } from "./schema.shared";

/**
 * The whole-survey checks of the editor's rules: what must be fixed before a survey can be
 * saved. Shared by the editor page (which marks each problem at its field) and the survey save
 * (which refuses the same), like the rest of `editor-rules.shared.ts`.
 */

export type SurveyProblem =
  | "data_name_required"
  | "data_name_duplicate"
  | "option_duplicate"
  | "option_required"
  | "scale_min_above_max"
  | "scale_includes_missing_code"
  | "text_too_long";

/**
 * The export's cell for a question shown and left unanswered (text and number columns alike).
 * A scale may therefore not offer it as an answer, or the two would read the same.
 */
export const SHOWN_NOT_ANSWERED = -99;

/** The server's English texts; the editor shows its own translations of the same problems. */
export const surveyProblemMessages: Record<SurveyProblem, string> = {
  data_name_required: "A question needs a data name",
  data_name_duplicate: "Another question already has this data name",
  option_duplicate: "This option is already in the list",
  option_required: "An option needs a text",
  scale_min_above_max: "The maximum must be at least the minimum",
  scale_includes_missing_code:
    "A scale may not include -99: the export uses it for a question shown and not answered",
  text_too_long: "This text is too long: at most 100,000 characters, formatting included",
};

/**
 * What must be fixed before a survey can be saved, keyed by field path in the arrays as given
 * (`steps.1.blocks.0.data_name`, `steps.0.blocks.2.options.3.text`). Every question block needs
 * a non-empty data_name unique among the survey's questions (the second and later holders of a
 * name are marked); text blocks may leave theirs empty or repeat one. A multiple-choice block
 * may not offer the same option twice, nor one without text (an option cleared to be retyped). A text block's HTML stays within `MAX_TEXT_CONTENT`.
 */
export function surveyProblems(steps: readonly Step[]): Record<string, SurveyProblem> {
  const problems: Record<string, SurveyProblem> = {};
  const seen = new Set<string>();
  steps.forEach((step, s) =>
    step.blocks.forEach((block, b) => {
      const path = `steps.${s}.blocks.${b}`;
      if (block.type === "text" && block.content.length > MAX_TEXT_CONTENT) {
        problems[`${path}.content`] = "text_too_long";
      }
      if (!isQuestionBlock(block)) return;
      const name = block.data_name.trim();
      if (name === "") problems[`${path}.data_name`] = "data_name_required";
      else if (seen.has(name)) problems[`${path}.data_name`] = "data_name_duplicate";
      seen.add(name);
      if (block.type === "scale" && block.min_value > block.max_value) {
        problems[`${path}.max_value`] = "scale_min_above_max";
      } else if (
        block.type === "scale" &&
        block.min_value <= SHOWN_NOT_ANSWERED &&
        SHOWN_NOT_ANSWERED <= block.max_value
      ) {
        problems[`${path}.min_value`] = "scale_includes_missing_code";
      }
      if (block.type === "multiple_choice") {
        const texts = new Set<string>();
        block.options.forEach((option, o) => {
          const text = normalizeOptionText(option.text);
          if (text === "") problems[`${path}.options.${o}.text`] = "option_required";
          else if (texts.has(text)) problems[`${path}.options.${o}.text`] = "option_duplicate";
          texts.add(text);
        });
      }
    }),
  );
  return problems;
}
