import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors/app-error";
import { allErrorCodes, ErrorCode } from "@/lib/errors/codes.shared";
import { errorResponse, statusOf } from "@/lib/http/status";

describe("the route layer's status mapping", () => {
  it("gives every code a status", () => {
    for (const code of allErrorCodes) {
      expect(statusOf(new AppError(code)), String(code)).toBeGreaterThanOrEqual(400);
    }
    expect(statusOf(new AppError(ErrorCode.NOT_FOUND))).toBe(404);
    expect(statusOf(new AppError(ErrorCode.USER_NOT_FOUND))).toBe(404);
    expect(statusOf(new AppError(ErrorCode.ADMIN_REQUIRED))).toBe(403);
    expect(statusOf(new AppError(ErrorCode.INVALID_INPUT))).toBe(400);
    expect(statusOf(new AppError(ErrorCode.UNKNOWN))).toBe(500);
  });

  it("answers a domain's kind of refusal with that kind's status, keeping the code", () => {
    expect(statusOf(new AppError(ErrorCode.INVALID_INPUT, { kind: "conflict" }))).toBe(409);
    expect(statusOf(new AppError(ErrorCode.ADMIN_REQUIRED, { kind: "conflict" }))).toBe(409);
    expect(statusOf(new AppError(ErrorCode.UNKNOWN, { kind: "unavailable" }))).toBe(503);
    expect(statusOf(new AppError(ErrorCode.INVALID_INPUT, { kind: "unsupported_media" }))).toBe(
      415,
    );
  });

  it("builds the envelope with fields and Retry-After, never cached", async () => {
    const res = errorResponse(
      new AppError(ErrorCode.RATE_LIMITED, { retryAfterSeconds: 1.2, fields: { a: "b" } }),
    );
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("2");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(await res.json()).toEqual({
      error: { code: 23, message: "Too many requests, try again later", fields: { a: "b" } },
    });
  });

  it("sends Retry-After only with a refusal that says when to try again", async () => {
    const res = errorResponse(new AppError(ErrorCode.INVALID_INPUT));
    expect(res.status).toBe(400);
    expect(res.headers.has("retry-after")).toBe(false);
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual({ error: { code: 22, message: expect.any(String) } });
  });
});
