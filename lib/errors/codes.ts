/**
 * The error catalogue's codes as named constants, shared by the server and the browser (no
 * imports, nothing secret). Codes 0–21 are the product's original catalogue; 22–29 were added
 * later. The English texts the API sends with them live in lib/errors/messages.ts, which the
 * browser never loads; the interface translates a code through messages/<locale>/errors.json.
 */
export const ErrorCode = {
  EMAIL_EXISTS: 0,
  LOGIN_FAILED: 1,
  INCORRECT_2FA: 2,
  WRONG_PASSWORD: 3,
  PASSWORD_CONDITIONS: 4,
  RESET_FAILED: 5,
  TOKEN_EXPIRED: 6,
  VERIFY_FAILED: 7,
  ADMIN_REQUIRED: 8,
  TWO_FACTOR_ALREADY_ENABLED: 9,
  INCORRECT_2FA_CODE: 10,
  TWO_FACTOR_ALREADY_DISABLED: 11,
  USER_NOT_FOUND: 12,
  UNKNOWN: 13,
  NOT_FOUND: 14,
  STOP_FAILED: 15,
  MESSAGE_SENT_NO_UPDATE: 16,
  MESSAGE_SENT_NO_DELETE: 17,
  MESSAGE_ALREADY_SENT: 18,
  CANNOT_CREATE: 19,
  STUDY_NOT_OPEN: 20,
  STUDY_DELETE_FAILED: 21,
  INVALID_INPUT: 22,
  RATE_LIMITED: 23,
  FILE_REJECTED: 24,
  NOT_SIGNED_IN: 25,
  ORIGIN_NOT_ALLOWED: 26,
  CHANGED_ELSEWHERE: 27,
  ALREADY_SUBMITTED: 28,
  TWO_FACTOR_UNREADABLE: 29,
} as const;

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

export const allErrorCodes: readonly ErrorCodeValue[] = Object.values(ErrorCode);

export function isErrorCode(value: unknown): value is ErrorCodeValue {
  return typeof value === "number" && (allErrorCodes as readonly number[]).includes(value);
}
