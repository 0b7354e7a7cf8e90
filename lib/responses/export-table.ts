import "server-only";
import { SHOWN_NOT_ANSWERED } from "@/lib/surveys/survey-problems.shared";
import { randomUUID } from "node:crypto";
import type { StoredAnswer } from "@/lib/surveys/answers.shared";
import type { SurveyQuestionInfo } from "@/lib/surveys/questions";
import { shownIfInWords } from "./codebook-conditions";
import type { DecryptedResponse } from "./export";

/**
 * The export's table, the same for the xlsx and the CSV file: what each row holds and how each
 * cell is written. A cell is text, a whole number, or empty.
 */
export type Cell = string | number | null;

/** Joins the options chosen in a multiple-choice answer, and the options in the codebook. */
export const OPTION_SEPARATOR = "; ";

/**
 * Text a spreadsheet could take for a formula (or a DDE call) when the file is opened, or when
 * someone copies the cell elsewhere: `=`, `+`, `-`, `@`, tab and carriage return at the start.
 * Such text gets a leading apostrophe, which spreadsheets show as text (OWASP's advice). Numbers
 * are written as numbers and are never escaped: `-3` on a scale stays a number for R and SPSS.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function escapeCell(value: Cell): Cell {
  if (typeof value !== "string") return value;
  return FORMULA_START.test(value) ? `'${value}` : value;
}

export const RESPONSE_FIXED_HEADERS = ["response_id", "submitted_on"] as const;

/** The 'responses' header: a random id, the day, then one column per data_name. */
export function responseHeader(columns: readonly SurveyQuestionInfo[]): Cell[] {
  return [...RESPONSE_FIXED_HEADERS, ...columns.map((c) => c.dataName)].map(escapeCell);
}

function answerValue(answer: StoredAnswer): Cell {
  switch (answer.type) {
    case "open_question":
      return answer.open_answer;
    case "multiple_choice":
      return answer.selected_options.join(OPTION_SEPARATOR);
    case "scale":
      return answer.scale_value;
  }
}

/**
 * The cell of a question shown to the respondent and left unanswered (text and number columns
 * alike; no scale may include it, editor-rules.shared.ts). A question not shown is an empty
 * cell, so the two kinds of empty never look alike.
 */
export { SHOWN_NOT_ANSWERED };

/**
 * Places a response's answers in the columns by data_name. The first cell is a fresh random id,
 * made for this file only: not the database's id, so an export cannot be matched back to a row
 * (or its token hash). An answer whose data_name has no column cannot occur (every name a
 * survey ever had is a column); should a name repeat (surveys made before names had to be
 * unique), its answers share the cell, joined like options. A question in the response's
 * sealed `shown` list without an answer gets `SHOWN_NOT_ANSWERED`; every other cell without an
 * answer stays empty (responses sealed before the list existed have only empty ones).
 */
export function responseRow(
  response: DecryptedResponse,
  columnIndex: ReadonlyMap<string, number>,
  width: number,
): Cell[] {
  const cells: Cell[] = new Array(width).fill(null);
  cells[0] = randomUUID();
  cells[1] = response.submittedOn;
  for (const answer of response.answers) {
    const index = columnIndex.get(answer.data_name);
    if (index === undefined) continue;
    const value = answerValue(answer);
    const current = cells[index];
    cells[index] =
      current === null ? value : `${String(current)}${OPTION_SEPARATOR}${String(value)}`;
  }
  for (const name of response.shown ?? []) {
    const index = columnIndex.get(name);
    if (index !== undefined && cells[index] === null) cells[index] = SHOWN_NOT_ANSWERED;
  }
  return cells.map(escapeCell);
}

/** Column positions in a row by data_name, after the fixed columns. */
export function columnIndexOf(columns: readonly SurveyQuestionInfo[]): Map<string, number> {
  return new Map(columns.map((c, i) => [c.dataName, RESPONSE_FIXED_HEADERS.length + i]));
}

export const CODEBOOK_HEADER: Cell[] = [
  "data_name",
  "step",
  "type",
  "question_text",
  "options",
  "multiple_answers",
  "required",
  "scale_min",
  "scale_max",
  "scale_min_label",
  "scale_max_label",
  "retired",
  "shown_if",
  "missing_values",
];

/** How the 'responses' sheet writes the two kinds of empty, on every codebook row. */
export const MISSING_VALUES_TEXT = `shown, not answered: ${SHOWN_NOT_ANSWERED}; not shown: empty cell`;

const yesNo = (value: boolean) => (value ? "yes" : "no");

/** Whether the runner insists on an answer (lib/surveys/validation.shared.ts) when the question is shown. */
function isRequired(block: SurveyQuestionInfo["block"]): boolean {
  if (block.type === "multiple_choice" && block.options.length === 0) return false;
  return block.is_required;
}

/**
 * One 'codebook' row per column of 'responses': the question as it is now, or as it last was
 * for a retired one, with its step counted from 1 as the editor shows it, when it is shown
 * (its step's and its own condition in words) and what its empty cells mean.
 */
export function codebookRow(column: SurveyQuestionInfo): Cell[] {
  const { block } = column;
  const choice = block.type === "multiple_choice" ? block : null;
  const scale = block.type === "scale" ? block : null;
  return [
    column.dataName,
    column.step + 1,
    block.type,
    block.question_text,
    choice ? choice.options.map((o) => o.text).join(OPTION_SEPARATOR) : null,
    choice ? yesNo(choice.allow_multiple) : null,
    yesNo(isRequired(block)),
    scale ? scale.min_value : null,
    scale ? scale.max_value : null,
    scale ? scale.min_label : null,
    scale ? scale.max_label : null,
    yesNo(column.retired),
    shownIfInWords(column.stepVisibleIf, block.visible_if),
    MISSING_VALUES_TEXT,
  ].map(escapeCell);
}
