import { describe, expect, it } from "vitest";
import { contentDisposition } from "@/lib/files/content-disposition";

const SAFE =
  /^(inline|attachment); filename="[A-Za-z0-9 ._()-]*"; filename\*=UTF-8''[A-Za-z0-9%!#$&+.^_`|~-]+$/;

function extName(header: string): string {
  return decodeURIComponent(header.split("filename*=UTF-8''")[1]);
}

describe("contentDisposition", () => {
  it("keeps a plain name as it is", () => {
    expect(contentDisposition("attachment", "report-2025_v2 (final).pdf", "file.pdf")).toBe(
      `attachment; filename="report-2025_v2 (final).pdf"; filename*=UTF-8''report-2025_v2%20%28final%29.pdf`,
    );
  });

  it.each([
    ['quotes "inside".pdf'],
    ["line\r\nSet-Cookie: x=1.pdf"],
    ["semi;colon=1; filename=evil.exe.pdf"],
    ["../../etc/passwd.pdf"],
    ["C:\\Windows\\evil.pdf"],
    ["tab\tand\u0000nul.pdf"],
    ["it's (100%) *done*.pdf"],
    ["Ünïcödé 日本語 📄.pdf"],
    ["lone \uD800 surrogate.pdf"],
  ])("cannot be broken out of by %j", (name) => {
    const header = contentDisposition("inline", name, "file.pdf");
    expect(header).toMatch(SAFE);
    expect(header.split('"')).toHaveLength(3);
    expect(header.match(/;/g)).toHaveLength(2);
    expect(extName(header)).toBe(name.replace("\uD800", "\uFFFD"));
  });

  it("transliterates accents in the fallback and keeps the extension of a long name", () => {
    expect(contentDisposition("inline", "Café déjà vu.pdf", "file.pdf")).toContain(
      'filename="Cafe deja vu.pdf"',
    );
    const long = contentDisposition("inline", `${"a".repeat(300)}.pdf`, "file.pdf");
    const fallback = long.match(/filename="([^"]*)"/)![1];
    expect(fallback).toHaveLength(150);
    expect(fallback.endsWith(".pdf")).toBe(true);
  });

  it("uses the fallback when nothing safe is left of the name", () => {
    expect(contentDisposition("inline", "📄📄", "attachment.pdf")).toMatch(
      /^inline; filename="attachment\.pdf"; filename\*=UTF-8''%F0%9F%93%84%F0%9F%93%84$/,
    );
    expect(contentDisposition("inline", "", "attachment.pdf")).toBe(
      `inline; filename="attachment.pdf"; filename*=UTF-8''attachment.pdf`,
    );
  });
});
