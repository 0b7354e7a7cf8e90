import { errorCatalogue, type ErrorCodeValue } from "./error-codes";

export type ErrorBody = {
  error: { code: number; message: string; fields?: Record<string, string> };
};

/** A domain error: carries its catalogue code; the handler wrapper turns it into the envelope. */
export class AppError extends Error {
  readonly code: ErrorCodeValue;
  readonly status: number;
  readonly fields?: Record<string, string>;
  readonly retryAfterSeconds?: number;

  constructor(
    code: ErrorCodeValue,
    options: {
      status?: number;
      message?: string;
      fields?: Record<string, string>;
      retryAfterSeconds?: number;
    } = {},
  ) {
    super(options.message ?? errorCatalogue[code].message);
    this.name = "AppError";
    this.code = code;
    this.status = options.status ?? errorCatalogue[code].status;
    this.fields = options.fields;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export function errorBody(error: AppError): ErrorBody {
  return {
    error: {
      code: error.code,
      message: error.message,
      ...(error.fields ? { fields: error.fields } : {}),
    },
  };
}

export function errorResponse(error: AppError): Response {
  const headers = new Headers({ "content-type": "application/json", "cache-control": "no-store" });
  if (error.retryAfterSeconds !== undefined)
    headers.set("retry-after", String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
  return new Response(JSON.stringify(errorBody(error)), { status: error.status, headers });
}
