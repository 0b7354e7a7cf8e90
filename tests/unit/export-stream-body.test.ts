import { randomBytes } from "node:crypto";
import ExcelJS from "exceljs";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { DecryptedResponse } from "@/lib/responses/export";
import { csvStream, xlsxStream, type ExportSource } from "@/lib/responses/export-stream";
import type { SurveyQuestionInfo } from "@/lib/surveys/questions";

const column = (dataName: string, questionText = "Q"): SurveyQuestionInfo => ({
  dataName,
  step: 0,
  retired: false,
  block: {
    type: "open_question",
    data_name: dataName,
    order: 0,
    question_text: questionText,
    is_required: false,
  },
});

const response = (answer: string): DecryptedResponse => ({
  id: "db-id",
  submittedOn: "2026-01-02",
  answers: [{ type: "open_question", data_name: "a", open_answer: answer, question_text: "Q" }],
});

/** A source of fixed pages that records how far the export read it and whether it let go. */
function pagedSource(pages: DecryptedResponse[][], studyId = 41) {
  const state = { pulled: 0, closed: false };
  const source: ExportSource = {
    studyId,
    columns: [column("a")],
    pages: async function* () {
      try {
        for (const page of pages) {
          state.pulled++;
          yield page;
        }
      } finally {
        state.closed = true;
      }
    },
  };
  return { source, state };
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks);
    chunks.push(value);
  }
}

const turns = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Time enough for the export to read and write whatever it is going to without a reader. */
async function settle() {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
  await turns(50);
}

async function until(condition: () => boolean, what: string, ms = 3_000) {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`Gave up waiting: ${what}`);
    await turns(5);
  }
}

// Every field quoted (lib/csv/fields.ts).
const CSV_HEADER = '\uFEFF"response_id","submitted_on","a"\r\n';
const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

const errors: string[] = [];
beforeEach(() => {
  errors.length = 0;
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    errors.push(args.map(String).join(" "));
  });
});
afterEach(() => vi.restoreAllMocks());

describe("the CSV body", () => {
  it("holds one line per response, pages written back to back", async () => {
    const { source } = pagedSource([[response("one"), response("two")], [response("three")]]);
    const text = (await readAll(csvStream(source))).toString("utf8");
    expect(text).toMatch(
      new RegExp(
        `^${CSV_HEADER}"${UUID}","2026-01-02","one"\\r\\n"${UUID}","2026-01-02","two"\\r\\n"${UUID}","2026-01-02","three"\\r\\n$`,
      ),
    );
  });
});

describe("back-pressure", () => {
  // The BOM and header line, then one response whose line makes the unread body exactly 1 MiB.
  const MIB = 1024 * 1024;
  const line = (text: string) => `"${"0".repeat(36)}","2026-01-02","${text}"\r\n`;
  const FILLER = MIB - Buffer.byteLength(CSV_HEADER) - line("").length;

  it("reads no further page while a megabyte is unread, and resumes as it is read", async () => {
    const { source, state } = pagedSource([
      [response("x".repeat(FILLER))],
      [response("second")],
      [response("third")],
    ]);
    const body = csvStream(source);
    await settle();
    expect(state.pulled).toBe(1);

    const bytes = await readAll(body);
    expect(bytes.length).toBe(MIB + 2 * line("second").length - 1);
    expect(state.pulled).toBe(3);
    expect(bytes.toString("utf8").endsWith(',"2026-01-02","third"\r\n')).toBe(true);
  });

  it("keeps reading pages while less than a megabyte is unread", async () => {
    const { source, state } = pagedSource([
      [response("x".repeat(FILLER - 1))],
      [response("second")],
      [response("third")],
    ]);
    const body = csvStream(source);
    await settle();
    expect(state.pulled).toBe(2);
    await readAll(body);
    expect(state.pulled).toBe(3);
  });
});

const bigPages = (count: number) =>
  Array.from({ length: count }, (_, i) =>
    Array.from({ length: 16 }, () => response(`page ${i} ${"y".repeat(4_000)}`)),
  );

describe.each([
  ["csv", csvStream],
  ["xlsx", xlsxStream],
] as const)("a %s download the reader gives up on", (_format, stream) => {
  it("stops reading responses and lets go of them", async () => {
    const { source, state } = pagedSource(bigPages(100));
    const reader = stream(source).getReader();
    expect((await reader.read()).done).toBe(false);
    await reader.cancel();
    await until(() => state.closed, "the export lets go of the responses");
    expect(state.pulled).toBeLessThan(20);
    expect(errors).toEqual([]);
  });
});

/** Responses that fail after the first page, the way a row that no key opens does. */
function failingSource(format: string) {
  const source: ExportSource = {
    studyId: 4242,
    columns: [column("a")],
    pages: async function* () {
      yield [response("fine")];
      throw new Error(`page two of the ${format} could not be read`);
    },
  };
  return source;
}

describe.each([
  ["csv", csvStream],
  ["xlsx", xlsxStream],
] as const)("a %s export that fails part-way", (format, stream) => {
  it("breaks the download off and logs which export failed", async () => {
    const body = stream(failingSource(format));
    const failed = await Promise.race([
      readAll(body).then(
        () => "ended as if complete",
        (error: unknown) => error,
      ),
      turns(3_000).then(() => "never ended"),
    ]);
    expect(failed).toBeInstanceOf(Error);
    expect((failed as Error).message).toBe("The export failed");
    const lines = errors.filter((line) => line.startsWith("{"));
    expect(lines).toHaveLength(1);
    const logged = JSON.parse(lines[0]) as Record<string, unknown>;
    expect(logged).toMatchObject({
      level: "error",
      scope: "export",
      message: `Error: page two of the ${format} could not be read`,
      studyId: 4242,
      format,
    });
  });
});

describe("the xlsx body", () => {
  const LIMIT = 32_767;

  async function workbookOf(source: ExportSource) {
    const bytes = await readAll(xlsxStream(source));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    return { bytes, workbook };
  }

  it("shortens text Excel would refuse to its limit, marked with an ellipsis; the CSV keeps it", async () => {
    const long = `${"a".repeat(LIMIT - 1)}bcd`;
    const atLimit = "c".repeat(LIMIT);
    const source: ExportSource = {
      studyId: 1,
      columns: [column("a", "q".repeat(LIMIT + 5))],
      pages: async function* () {
        yield [response(long), response(atLimit)];
      },
    };
    const { workbook } = await workbookOf(source);
    const responses = workbook.getWorksheet("responses")!;
    const cell = (row: number) => responses.getRow(row).getCell(3).value as string;
    expect(cell(2)).toHaveLength(LIMIT);
    expect(cell(2)).toBe(`${"a".repeat(LIMIT - 1)}…`);
    expect(cell(3)).toBe(atLimit);
    const questionText = workbook.getWorksheet("codebook")!.getRow(2).getCell(4).value;
    expect(questionText).toBe(`${"q".repeat(LIMIT - 1)}…`);

    const csv = (await readAll(csvStream(source))).toString("utf8");
    expect(csv).toContain(`,"${long}"\r\n`);
  });

  it("keeps each sheet's header row in view and writes text inline", async () => {
    const { source } = pagedSource([[response("one")]]);
    const { bytes, workbook } = await workbookOf(source);
    for (const name of ["responses", "codebook"]) {
      expect(workbook.getWorksheet(name)!.views).toEqual([
        expect.objectContaining({ state: "frozen", ySplit: 1 }),
      ]);
    }
    // No shared-strings table: it would hold every answer until the file's end.
    expect(bytes.includes("xl/sharedStrings.xml")).toBe(false);
    expect(workbook.getWorksheet("responses")!.getRow(2).getCell(3).value).toBe("one");
  });
});

describe("a large xlsx", () => {
  it("goes out as the responses are read, not held back uncompressed", async () => {
    // Answers that barely compress (base64 of random bytes, each under deflate's 32 KB window
    // and none repeated within it), so the file's size follows the text written.
    const texts = Array.from({ length: 64 }, () => randomBytes(22_000).toString("base64"));
    const ROWS = 16;
    const PAGES = 12;
    let written = 0;
    let received = 0;
    const behind: number[] = [];
    const source: ExportSource = {
      studyId: 1,
      columns: [column("a")],
      pages: async function* () {
        for (let p = 0; p < PAGES; p++) {
          // Base64 carries 6 bits a character: what deflate makes of the text so far.
          behind.push(written * 0.75 - received);
          const page = Array.from({ length: ROWS }, (_, i) => response(texts[(p * ROWS + i) % 64]));
          written += ROWS * texts[0].length;
          yield page;
        }
      },
    };
    const reader = xlsxStream(source).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.length;
    }
    expect(received).toBeGreaterThan(written * 0.7);
    // Each page is ~470 KB of text; what is not yet out stays near the zip's 256 KB allowance.
    expect(Math.max(...behind)).toBeLessThan(1_500_000);
  });
});

describe("an xlsx download given up on while its end is written", () => {
  it("ends quietly", async () => {
    let gone = false;
    const source: ExportSource = {
      studyId: 1,
      columns: [column("a")],
      pages: async function* () {
        yield [response("one")];
        // After the last page: the reader leaves while the zip writes the workbook's end.
        setTimeout(() => {
          void reader.cancel();
          gone = true;
        }, 0);
      },
    };
    const reader = xlsxStream(source).getReader();
    expect((await reader.read()).done).toBe(false);
    await until(() => gone, "the reader leaves");
    await turns(200);
    expect(errors).toEqual([]);
  });
});
