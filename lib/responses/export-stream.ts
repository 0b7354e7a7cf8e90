import "server-only";
import { Writable } from "node:stream";
import ExcelJS from "exceljs";
import { csvLine } from "@/lib/csv/fields";
import { logError } from "@/lib/log";
import type { DecryptedResponse } from "./export";
import {
  CODEBOOK_HEADER,
  codebookRow,
  columnIndexOf,
  responseHeader,
  responseRow,
  type Cell,
} from "./export-table";
import type { SurveyQuestionInfo } from "@/lib/surveys/questions";

/** What an export is made of: its columns and its responses, a page at a time. */
export type ExportSource = {
  studyId: number;
  columns: readonly SurveyQuestionInfo[];
  pages: () => AsyncIterable<DecryptedResponse[]>;
};

/** Bytes the response body may hold unread before the export stops reading responses. */
const BODY_HIGH_WATER_MARK = 1024 * 1024;

/** Excel refuses a cell of more than 32,767 characters (the CSV keeps everything). */
const XLSX_CELL_MAX = 32_767;

type Producer = {
  /** Where the file's bytes go; each chunk is queued on the response body. */
  sink: Writable;
  /** Resolves once the reader has taken enough that more may be produced. */
  room: () => Promise<void>;
  /** The reader went away: stop. */
  cancelled: () => boolean;
};

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A response body fed as `produce` writes. The file is never whole in memory: the producer waits
 * (`room`) while the reader has a megabyte unread, and gives the event loop a turn between pages
 * so other requests are served while a large export runs. A failure after the first byte can
 * no longer become an error envelope: the body is broken off, so the download visibly fails
 * rather than ending as a truncated file.
 */
function producedStream(
  what: Record<string, string | number>,
  produce: (p: Producer) => Promise<void>,
): ReadableStream<Uint8Array> {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let cancelled = false;
  // Set once the body is broken off: exceljs' zip may still be flushing what it had queued, and
  // a chunk enqueued on an errored body would throw outside any caller.
  let failed = false;
  let wake: (() => void) | null = null;
  const wakeUp = () => {
    wake?.();
    wake = null;
  };

  const body = new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
      },
      pull: wakeUp,
      cancel() {
        cancelled = true;
        wakeUp();
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: BODY_HIGH_WATER_MARK }),
  );

  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      if (!cancelled && !failed) controller.enqueue(new Uint8Array(chunk));
      callback();
    },
    final(callback) {
      if (!cancelled) controller.close();
      callback();
    },
  });

  const room = async () => {
    await nextTurn();
    while (!cancelled && (controller.desiredSize ?? 0) <= 0) {
      await new Promise<void>((resolve) => (wake = resolve));
    }
  };

  produce({ sink, room, cancelled: () => cancelled }).catch((error: unknown) => {
    logError("export", error, what);
    if (cancelled) return;
    failed = true;
    controller.error(new Error("The export failed"));
  });
  return body;
}

/** Uncompressed XML a zip entry may hold unread before the producer waits for deflate. */
const ZIP_INPUT_MAX_BYTES = 256 * 1024;

type NodeStreamState = { length?: number };
type StreamWithState = Writable & {
  _writableState?: NodeStreamState;
  _readableState?: NodeStreamState;
};

/** The streams exceljs writes `sheet` into (`worksheet.stream.pipes`), or null if it changed. */
export function sheetPipes(sheet: unknown): StreamWithState[] | null {
  const pipes = (sheet as { stream?: { pipes?: unknown } }).stream?.pipes;
  return Array.isArray(pipes) ? (pipes as StreamWithState[]) : null;
}

/** Bytes written into a stream and not yet taken from it (either side of a pass-through). */
export function pendingBytes(stream: StreamWithState): number {
  return (stream._writableState?.length ?? 0) + (stream._readableState?.length ?? 0);
}

/**
 * exceljs writes a sheet's XML into its zip entry in 64 KB pieces without waiting for them to
 * be taken (its `StreamBuf` in batch mode ignores backpressure), and the entry's pass-through
 * stream then holds whatever deflate has not compressed yet: a producer faster than deflate
 * piles uncompressed XML up in memory, which `room()` cannot see (it sees the compressed
 * output). Between pages this waits until those streams hold less than 256 KB. It reaches into
 * exceljs and readable-stream internals (checked by a test); should they change, nothing is
 * waited for and the export still works, only with more memory.
 */
async function zipCaughtUp(sheet: unknown): Promise<void> {
  for (const pipe of sheetPipes(sheet) ?? []) {
    while (pendingBytes(pipe) > ZIP_INPUT_MAX_BYTES && !pipe.destroyed) {
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  }
}

/**
 * U+FFFE and U+FFFF are no XML characters, and exceljs writes them as they are (it drops only the
 * control characters): one answer holding them would make the whole sheet unreadable. They
 * carry no meaning, so they go.
 */
const NOT_XML = /[\uFFFE\uFFFF]/g;

function xlsxCell(value: Cell): Cell {
  if (typeof value !== "string") return value;
  const text = value.replace(NOT_XML, "");
  return text.length > XLSX_CELL_MAX ? `${text.slice(0, XLSX_CELL_MAX - 1)}…` : text;
}

/**
 * The .xlsx: sheet 'responses' (header, then one row per response, written and let go as each
 * page is read) and sheet 'codebook'. exceljs' streaming WorkbookWriter zips each row as it is
 * committed; neither shared strings nor styles are kept, as both would grow with the file.
 */
export function xlsxStream(source: ExportSource): ReadableStream<Uint8Array> {
  return producedStream(
    { studyId: source.studyId, format: "xlsx" },
    async ({ sink, room, cancelled }) => {
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
        stream: sink,
        useSharedStrings: false,
        useStyles: false,
      });
      const responses = workbook.addWorksheet("responses", {
        views: [{ state: "frozen", ySplit: 1 }],
      });
      const codebook = workbook.addWorksheet("codebook", {
        views: [{ state: "frozen", ySplit: 1 }],
      });
      codebook.addRow(CODEBOOK_HEADER).commit();
      for (const column of source.columns)
        codebook.addRow(codebookRow(column).map(xlsxCell)).commit();
      codebook.commit();

      const header = responseHeader(source.columns);
      const index = columnIndexOf(source.columns);
      responses.addRow(header.map(xlsxCell)).commit();
      for await (const page of source.pages()) {
        if (cancelled()) return;
        for (const response of page) {
          responses.addRow(responseRow(response, index, header.length).map(xlsxCell)).commit();
        }
        await zipCaughtUp(responses);
        await room();
      }
      if (cancelled()) return;
      responses.commit();
      await workbook.commit();
    },
  );
}

/**
 * The CSV: the 'responses' sheet only, same columns and escaping, UTF-8 with a byte order mark
 * (so Excel reads it as UTF-8; R's `read.csv(fileEncoding = "UTF-8-BOM")` and SPSS handle it).
 */
export function csvStream(source: ExportSource): ReadableStream<Uint8Array> {
  return producedStream(
    { studyId: source.studyId, format: "csv" },
    async ({ sink, room, cancelled }) => {
      const write = (text: string) => sink.write(Buffer.from(text, "utf8"));
      const header = responseHeader(source.columns);
      const index = columnIndexOf(source.columns);
      write(`\uFEFF${csvLine(header)}`);
      for await (const page of source.pages()) {
        if (cancelled()) return;
        write(
          page.map((response) => csvLine(responseRow(response, index, header.length))).join(""),
        );
        await room();
      }
      if (cancelled()) return;
      await new Promise<void>((resolve, reject) => {
        sink.once("error", reject);
        sink.end(resolve);
      });
    },
  );
}
