import { describe, expect, it } from "vitest";
import { wasDeletedElsewhere, type MutationResult } from "@/components/data/use-api-mutation";
import { ErrorCode } from "@/lib/errors/codes.shared";

function refused(status: number, code: number): MutationResult<unknown> {
  return { ok: false, status, error: { code, message: "refused" }, message: "refused" };
}

describe("wasDeletedElsewhere", () => {
  it("reads 404 code 14 as deleted elsewhere", () => {
    expect(wasDeletedElsewhere(refused(404, ErrorCode.NOT_FOUND))).toBe(true);
  });

  it("reads a success, another status or another code as not deleted elsewhere", () => {
    expect(wasDeletedElsewhere({ ok: true, status: 204, data: null })).toBe(false);
    expect(wasDeletedElsewhere(refused(409, ErrorCode.NOT_FOUND))).toBe(false);
    expect(wasDeletedElsewhere(refused(404, ErrorCode.UNKNOWN))).toBe(false);
    expect(
      wasDeletedElsewhere({
        ok: false,
        status: 0,
        error: { code: ErrorCode.UNKNOWN, message: "Network error", network: true },
        message: "offline",
      }),
    ).toBe(false);
  });
});
