import { PassThrough, Readable, Writable } from "node:stream";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { pendingBytes, sheetPipes } from "@/lib/responses/export-stream";

/**
 * The xlsx export waits between pages until exceljs' zip entry has taken the XML written into
 * it, reading exceljs and readable-stream internals to know. Should an upgrade change them, the
 * export would silently hold the whole uncompressed sheet again; this test fails instead.
 */
describe("the exceljs internals the xlsx export relies on", () => {
  it("exposes the streams a sheet writes into and what they hold", async () => {
    const sink = new Writable({
      write(_chunk, _encoding, callback) {
        callback();
      },
    });
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: sink,
      useSharedStrings: false,
      useStyles: false,
    });
    const sheet = workbook.addWorksheet("responses");
    for (let i = 0; i < 5_000; i++) sheet.addRow([`row ${i}`, "x".repeat(100), i]).commit();
    // The zip takes up the sheet's entry once the entries before it are written.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const pipes = sheetPipes(sheet);
    expect(Array.isArray(pipes)).toBe(true);
    expect(pipes!.length).toBeGreaterThan(0);
    for (const pipe of pipes!) {
      expect(typeof pipe._writableState?.length).toBe("number");
      expect(typeof pipe._readableState?.length).toBe("number");
      expect(pendingBytes(pipe)).toBeGreaterThanOrEqual(0);
    }
    sheet.commit();
    await workbook.commit();
  });

  it("counts what a pass-through holds on both of its sides", async () => {
    const pipe = new PassThrough();
    for (let i = 0; i < 4; i++) pipe.write(Buffer.alloc(16 * 1024));
    // The readable side is full at 16 KB; the rest waits on the writable side.
    expect(pipe.readableLength).toBeGreaterThan(0);
    expect(pipe.writableLength).toBeGreaterThan(0);
    // A chunk being passed through is on both sides for a moment, and counted on both.
    expect(pendingBytes(pipe)).toBe(pipe.readableLength + pipe.writableLength);
    expect(pendingBytes(pipe)).toBeGreaterThanOrEqual(64 * 1024);
    pipe.destroy();
  });

  it("counts a stream with only one side, and nothing for one without either", () => {
    const readable = new Readable({ read() {} });
    readable.push(Buffer.alloc(1000));
    expect(pendingBytes(readable as unknown as Writable)).toBe(1000);
    const writable = new Writable({ write() {} });
    writable.write(Buffer.alloc(10));
    writable.write(Buffer.alloc(700));
    expect(pendingBytes(writable)).toBe(710);
    expect(pendingBytes({} as Writable)).toBe(0);
  });

  it("finds no streams in a sheet that does not have them, so nothing is waited for", () => {
    expect(sheetPipes({})).toBeNull();
    expect(sheetPipes({ stream: {} })).toBeNull();
    expect(sheetPipes({ stream: { pipes: "one" } })).toBeNull();
  });
});
