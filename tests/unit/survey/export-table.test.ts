import { describe, expect, it } from "vitest";
import { exportFilename } from "@/lib/responses/export-download";
import {
  codebookRow,
  columnIndexOf,
  escapeCell,
  MISSING_VALUES_TEXT,
  responseHeader,
  responseRow,
} from "@/lib/responses/export-table";
import type { SurveyQuestionInfo } from "@/lib/surveys/questions";

describe("escapeCell", () => {
  it("escapes text a spreadsheet could run as a formula", () => {
    for (const value of ["=1+1", "+31", "-2", "@SUM(A1)", "\tx", "\rx"]) {
      expect(escapeCell(value)).toBe(`'${value}`);
    }
  });

  it("leaves other text, numbers and empty cells alone", () => {
    expect(escapeCell("a=1")).toBe("a=1");
    expect(escapeCell(" =1")).toBe(" =1");
    expect(escapeCell("")).toBe("");
    expect(escapeCell(-3)).toBe(-3);
    expect(escapeCell(null)).toBeNull();
  });
});

describe("responseRow", () => {
  const column = (dataName: string): SurveyQuestionInfo => ({
    dataName,
    step: 0,
    retired: false,
    block: {
      type: "open_question",
      data_name: dataName,
      order: 0,
      question_text: "",
      is_required: false,
    },
  });
  const columns = [column("a"), column("b"), column("c")];

  it("puts each answer in its data_name's column, joins options and escapes", () => {
    const header = responseHeader(columns);
    expect(header).toEqual(["response_id", "submitted_on", "a", "b", "c"]);
    const row = responseRow(
      {
        id: "db-id",
        submittedOn: "2026-11-23",
        answers: [
          {
            type: "multiple_choice",
            data_name: "c",
            selected_options: ["x", "y"],
            question_text: "",
          },
          { type: "open_question", data_name: "a", open_answer: "=evil()", question_text: "" },
          { type: "scale", data_name: "gone", scale_value: 2, question_text: "" },
        ],
      },
      columnIndexOf(columns),
      header.length,
    );
    expect(row.slice(1)).toEqual(["2026-11-23", "'=evil()", null, "x; y"]);
    expect(row[0]).not.toBe("db-id");
    expect(row[0]).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("responseRow for a data_name that repeats", () => {
  it("joins the answers sharing a column, in order, like options", () => {
    const column: SurveyQuestionInfo = {
      dataName: "a",
      step: 0,
      retired: false,
      block: {
        type: "scale",
        is_required: true,
        data_name: "a",
        order: 0,
        question_text: "",
        min_value: 1,
        max_value: 5,
        min_label: "",
        max_label: "",
      },
    };
    const row = responseRow(
      {
        id: "db-id",
        submittedOn: "2026-11-23",
        answers: [
          { type: "scale", data_name: "a", scale_value: 4, question_text: "" },
          { type: "open_question", data_name: "a", open_answer: "later text", question_text: "" },
          { type: "multiple_choice", data_name: "a", selected_options: ["x"], question_text: "" },
        ],
      },
      columnIndexOf([column]),
      3,
    );
    expect(row.slice(1)).toEqual(["2026-11-23", "4; later text; x"]);
  });
});

describe("codebookRow", () => {
  const info = (block: SurveyQuestionInfo["block"], retired = false): SurveyQuestionInfo => ({
    dataName: block.data_name,
    step: 2,
    retired,
    block,
  });

  it("describes an open question, leaving the choice and scale columns empty", () => {
    expect(
      codebookRow(
        info({
          type: "open_question",
          data_name: "story",
          order: 0,
          question_text: "What happened?",
          is_required: false,
        }),
      ),
    ).toStrictEqual([
      "story",
      3,
      "open_question",
      "What happened?",
      null,
      null,
      "no",
      null,
      null,
      null,
      null,
      "no",
      "always",
      MISSING_VALUES_TEXT,
    ]);
  });

  it("marks a multiple-choice question required only when it has options to choose from", () => {
    const choice = (options: string[]) =>
      codebookRow(
        info(
          {
            type: "multiple_choice",
            is_required: true,
            data_name: "place",
            order: 0,
            question_text: "Where?",
            allow_multiple: true,
            options: options.map((text, order) => ({ order, text })),
          },
          true,
        ),
      );
    expect(choice(["Home", "Work"])).toStrictEqual([
      "place",
      3,
      "multiple_choice",
      "Where?",
      "Home; Work",
      "yes",
      "yes",
      null,
      null,
      null,
      null,
      "yes",
      "always",
      MISSING_VALUES_TEXT,
    ]);
    expect(choice([])).toStrictEqual([
      "place",
      3,
      "multiple_choice",
      "Where?",
      "",
      "yes",
      "no",
      null,
      null,
      null,
      null,
      "yes",
      "always",
      MISSING_VALUES_TEXT,
    ]);
  });

  it("gives a scale its range and labels", () => {
    expect(
      codebookRow(
        info({
          type: "scale",
          is_required: true,
          data_name: "impact",
          order: 0,
          question_text: "How big?",
          min_value: -2,
          max_value: 2,
          min_label: "small",
          max_label: "big",
        }),
      ),
    ).toStrictEqual([
      "impact",
      3,
      "scale",
      "How big?",
      null,
      null,
      "yes",
      -2,
      2,
      "small",
      "big",
      "no",
      "always",
      MISSING_VALUES_TEXT,
    ]);
  });
});

describe("exportFilename", () => {
  it("is <study name>-responses-<date>.<format> without path characters", () => {
    const now = new Date("2026-03-04T23:30:00Z");
    expect(exportFilename("Grenzen", "xlsx", now)).toBe("Grenzen-responses-2026-03-04.xlsx");
    expect(exportFilename('a/b\\c:d*e?"f<g>h|i', "csv", now)).toBe(
      "a_b_c_d_e_f_g_h_i-responses-2026-03-04.csv",
    );
    expect(exportFilename("  ", "csv", now)).toBe("study-responses-2026-03-04.csv");
    expect(exportFilename("x".repeat(300), "xlsx", now)).toHaveLength(100 + 26);
    // Cut after leading spaces are gone, and without a space left at the cut.
    expect(exportFilename(`   ${"x".repeat(100)}`, "csv", now)).toBe(
      `${"x".repeat(100)}-responses-2026-03-04.csv`,
    );
    expect(exportFilename(`${"x".repeat(99)} yz`, "csv", now)).toBe(
      `${"x".repeat(99)}-responses-2026-03-04.csv`,
    );
  });
});
