import { describe, expect, it } from "vitest";
import {
  filenameFromDisposition,
  formatFileSize,
  STATUS_TONES,
} from "@/components/admin/studies/format";

describe("formatFileSize", () => {
  it("uses Bytes, KB, MB and GB with base 1024 and at most two decimals", () => {
    expect(formatFileSize(0, "en")).toBe("0 Bytes");
    expect(formatFileSize(1023, "en")).toBe("1,023 Bytes");
    expect(formatFileSize(1024, "en")).toBe("1 KB");
    expect(formatFileSize(1536, "en")).toBe("1.5 KB");
    expect(formatFileSize(1234567, "en")).toBe("1.18 MB");
    expect(formatFileSize(20 * 1024 * 1024, "en")).toBe("20 MB");
    expect(formatFileSize(3 * 1024 ** 3 + 1, "en")).toBe("3 GB");
    // Beyond GB it stays in GB.
    expect(formatFileSize(5 * 1024 ** 4, "en")).toBe("5,120 GB");
  });

  it("writes numbers the reader's way", () => {
    expect(formatFileSize(1536, "nl")).toBe("1,5 KB");
    expect(formatFileSize(1234567, "nl")).toBe("1,18 MB");
  });
});

describe("filenameFromDisposition", () => {
  it("prefers the UTF-8 name, then the quoted one, else the fallback", () => {
    expect(
      filenameFromDisposition(
        `attachment; filename="Antwoorden_.xlsx"; filename*=UTF-8''Antwoorden%20%C3%A9.xlsx`,
        "responses.xlsx",
      ),
    ).toBe("Antwoorden é.xlsx");
    expect(filenameFromDisposition('attachment; filename="a \\"b\\".xlsx"', "x")).toBe(
      'a "b".xlsx',
    );
    expect(filenameFromDisposition("attachment; filename=plain.xlsx", "x")).toBe("plain.xlsx");
    expect(filenameFromDisposition("attachment", "responses.xlsx")).toBe("responses.xlsx");
    expect(filenameFromDisposition(null, "responses.xlsx")).toBe("responses.xlsx");
  });

  it("never returns a path", () => {
    expect(filenameFromDisposition('attachment; filename="../../etc/passwd"', "x")).toBe("passwd");
    expect(filenameFromDisposition("attachment; filename*=UTF-8''..%2F..%2Fa.xlsx", "x")).toBe(
      "a.xlsx",
    );
    expect(filenameFromDisposition("attachment; filename*=UTF-8''%E0%A4%A", "f.xlsx")).toBe(
      "f.xlsx",
    );
  });
});

it("gives each study status the spec's badge colour", () => {
  expect(STATUS_TONES).toEqual({
    not_started: "neutral",
    open: "danger",
    finished: "primary",
    invisible: "light",
  });
});
