import { describe, expect, it } from "vitest";
import { CSV_BOM, csvField, csvLine, defuseFormulas } from "@/lib/csv/fields";

describe("CSV fields", () => {
  it("quotes every field and doubles the quotes inside", () => {
    expect(csvField("plain")).toBe('"plain"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("")).toBe('""');
    expect(csvField(null)).toBe('""');
    expect(csvField("a,b\r\nc")).toBe('"a,b\r\nc"');
  });

  it("writes numbers as they are, negative ones included", () => {
    expect(csvField(-99)).toBe('"-99"');
    expect(csvField(12)).toBe('"12"');
  });

  it("defuses a formula at the start of a field", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) {
      expect(defuseFormulas(`${start}1+1`)).toBe(`'${start}1+1`);
    }
    expect(csvField('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
  });

  it("defuses a formula after a separator a spreadsheet may split on", () => {
    expect(defuseFormulas("x;=HYPERLINK(1)")).toBe("x;'=HYPERLINK(1)");
    expect(defuseFormulas("x, =1")).toBe("x, '=1");
    expect(defuseFormulas('x;"=1')).toBe("x;\"'=1");
    expect(defuseFormulas("x\t@SUM(1)")).toBe("x\t'@SUM(1)");
    expect(defuseFormulas("a\n+1")).toBe("a\n'+1");
    expect(defuseFormulas("a;=1;b;-2")).toBe("a;'=1;b;'-2");
  });

  it("leaves other text alone", () => {
    for (const text of [
      "a-b",
      "user@example.org",
      "2026-03-01T09:30:15.123Z",
      '{"a":"b","c":1}',
      "x = 1",
    ]) {
      expect(defuseFormulas(text)).toBe(text);
    }
  });

  it("ends a line with CRLF, and the file may start with a byte order mark", () => {
    expect(csvLine(["a", 1, null])).toBe('"a","1",""\r\n');
    expect(csvLine([])).toBe("\r\n");
    expect(CSV_BOM).toBe("\uFEFF");
  });
});
