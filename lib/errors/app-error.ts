import "server-only";
import { ErrorCode, errorMessages, type ErrorCodeValue } from "./codes.shared";

/**
 * What kind of refusal an error is, where it differs from what its code usually means: the
 * route layer answers a code with its usual HTTP status, and a kind with the status of that
 * kind (e.g. code 22 "invalid input" for an account that is already active is a conflict).
 * Domain code says what happened; only the route layer decides how HTTP puts it.
 */
export type ErrorKind =
  "conflict" | "unavailable" | "unsupported_media" | "too_large" | "method_not_allowed";

export type AppErrorOptions = {
  kind?: ErrorKind;
  /** English text for the envelope; the catalogue's message when left out. */
  message?: string;
  /** Per-field problems of invalid input, keyed by the field's path. */
  fields?: Record<string, string>;
  /** For rate limits: when the caller may try again. */
  retryAfterSeconds?: number;
};

/** A domain error: carries its catalogue code; the route layer turns it into the envelope. */
export class AppError extends Error {
  readonly code: ErrorCodeValue;
  readonly kind?: ErrorKind;
  readonly fields?: Record<string, string>;
  readonly retryAfterSeconds?: number;

  constructor(code: ErrorCodeValue, options: AppErrorOptions = {}) {
    super(options.message ?? errorMessages[code]);
    this.name = "AppError";
    this.code = code;
    this.kind = options.kind;
    this.fields = options.fields;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** Code 22 about one field of the input (keyed by its path): `problem` says what is wrong with it. */
export function invalidField(field: string, problem: string): AppError {
  return new AppError(ErrorCode.INVALID_INPUT, { fields: { [field]: problem } });
}
