import { describe, expect, it } from "vitest";
import { cleanFilename, hasPdfExtension } from "@/lib/attachments/filename";
import { sniffFileType } from "@/lib/uploads/file-type";
import { JPEG_BYTES, PNG_BYTES, pdfBytes } from "../support/files";

describe("sniffFileType", () => {
  it("recognises PDF, PNG and JPEG by their first bytes", () => {
    expect(sniffFileType(pdfBytes())).toBe("application/pdf");
    expect(sniffFileType(PNG_BYTES)).toBe("image/png");
    expect(sniffFileType(JPEG_BYTES)).toBe("image/jpeg");
  });

  it.each([
    ["nothing", new Uint8Array(0)],
    ["a truncated signature", new TextEncoder().encode("%PDF")],
    ["a PDF signature further in", new TextEncoder().encode(" %PDF-1.4")],
    ["lower case", new TextEncoder().encode("%pdf-1.4")],
    ["a GIF", new TextEncoder().encode("GIF89a")],
    ["HTML", new TextEncoder().encode("<html>")],
  ])("recognises nothing in %s", (_what, bytes) => {
    expect(sniffFileType(bytes)).toBeNull();
  });
});

describe("attachment file names", () => {
  it.each([
    ["report.pdf", "report.pdf"],
    ["/home/me/report.pdf", "report.pdf"],
    ["C:\\me\\report.pdf", "report.pdf"],
    ["re\r\npo\u0000rt.pdf", "report.pdf"],
    ["\u202Eabc.pdf", "abc.pdf"],
    ["  x.pdf ", "x.pdf"],
    ["Cafe\u0301.pdf", "Café.pdf"],
  ])("keep %j as %j", (raw, clean) => {
    expect(cleanFilename(raw)).toBe(clean);
  });

  it("need the .pdf extension in any case", () => {
    expect(hasPdfExtension("a.PdF")).toBe(true);
    expect(hasPdfExtension("a.pdf.exe")).toBe(false);
    expect(hasPdfExtension("pdf")).toBe(false);
  });
});
