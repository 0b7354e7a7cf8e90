import { describe, expect, it } from "vitest";
import { formatFileSize, STATUS_TONES } from "@/components/admin/studies/format";

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

it("gives each study status the spec's badge colour", () => {
  expect(STATUS_TONES).toEqual({
    not_started: "neutral",
    open: "danger",
    finished: "primary",
    invisible: "light",
  });
});
