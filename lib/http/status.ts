import "server-only";
import { AppError, type ErrorKind } from "@/lib/errors/app-error";
import type { ErrorCodeValue } from "@/lib/errors/codes.shared";

/** The HTTP status each code answers with unless the error says it is of another kind. */
const codeStatus: Record<ErrorCodeValue, number> = {
  0: 409,
  1: 401,
  2: 400,
  3: 400,
  4: 400,
  5: 400,
  6: 400,
  7: 400,
  8: 403,
  9: 409,
  10: 400,
  11: 409,
  12: 404,
  13: 500,
  14: 404,
  15: 400,
  16: 409,
  17: 409,
  18: 409,
  19: 400,
  20: 409,
  21: 409,
  22: 400,
  23: 429,
  24: 400,
  25: 401,
  26: 403,
  27: 409,
  28: 409,
  29: 409,
  30: 403,
  31: 401,
};

const kindStatus: Record<ErrorKind, number> = {
  conflict: 409,
  unavailable: 503,
  unsupported_media: 415,
  too_large: 413,
  method_not_allowed: 405,
};

export function statusOf(error: AppError): number {
  return error.kind ? kindStatus[error.kind] : codeStatus[error.code];
}

export type ErrorBody = {
  error: { code: number; message: string; fields?: Record<string, string> };
};

export function errorBody(error: AppError): ErrorBody {
  return {
    error: {
      code: error.code,
      message: error.message,
      ...(error.fields ? { fields: error.fields } : {}),
    },
  };
}

/** The error envelope as a response, never cached; a rate limit says when to try again. */
export function errorResponse(error: AppError): Response {
  const headers = new Headers({ "content-type": "application/json", "cache-control": "no-store" });
  if (error.retryAfterSeconds !== undefined)
    headers.set("retry-after", String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
  return new Response(JSON.stringify(errorBody(error)), { status: statusOf(error), headers });
}
