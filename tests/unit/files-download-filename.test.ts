import { describe, expect, it } from "vitest";
import { contentDisposition } from "@/lib/files/content-disposition";
import { filenameFromDisposition } from "@/lib/files/download-filename";

describe("filenameFromDisposition", () => {
  it("prefers the UTF-8 name and reads back what the server writes", () => {
    const name = "Grenzen — één-responses-2026-11-23.xlsx";
    expect(
      filenameFromDisposition(contentDisposition("attachment", name, "responses.xlsx"), "x"),
    ).toBe(name);
  });

  it("uses the plain name, quoted or not, when there is no UTF-8 one", () => {
    expect(filenameFromDisposition('attachment; filename="a b.csv"', "responses.xlsx")).toBe(
      "a b.csv",
    );
    expect(filenameFromDisposition("attachment; filename=data.csv", "responses.xlsx")).toBe(
      "data.csv",
    );
    expect(
      filenameFromDisposition(`attachment; filename*=UTF-8''%E0%A4%A; filename="ok.xlsx"`, "f"),
    ).toBe("ok.xlsx");
  });

  it("falls back when there is no usable name", () => {
    expect(filenameFromDisposition(null, "responses.xlsx")).toBe("responses.xlsx");
    expect(filenameFromDisposition("attachment", "responses.xlsx")).toBe("responses.xlsx");
    expect(filenameFromDisposition('attachment; filename=""', "responses.xlsx")).toBe(
      "responses.xlsx",
    );
  });

  it("never keeps a path", () => {
    expect(
      filenameFromDisposition(`attachment; filename*=UTF-8''..%2F..%2Fetc%2Fpasswd`, "f"),
    ).toBe("_.._etc_passwd");
  });
});
