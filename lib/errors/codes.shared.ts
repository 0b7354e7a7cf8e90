/**
 * The error catalogue's codes as named constants, shared by the server and the browser (no
 * imports, nothing secret). Codes 0–21 are the product's original catalogue; 22 and up were added
 * later. The English messages are what the API sends; the interface translates a code through
 * messages/<locale>/errors.json instead.
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
  TWO_FACTOR_REQUIRED: 30,
  WEBHOOK_SIGNATURE_INVALID: 31,
} as const;

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

export const allErrorCodes: readonly ErrorCodeValue[] = Object.values(ErrorCode);

export function isErrorCode(value: unknown): value is ErrorCodeValue {
  return typeof value === "number" && (allErrorCodes as readonly number[]).includes(value);
}

/** The English text the API sends with each code. */
export const errorMessages: Record<ErrorCodeValue, string> = {
  0: "An account with this email already exists",
  1: "Could not log in with this email and password",
  2: "Incorrect 2FA code, try again",
  3: "Wrong password",
  4: "The new password does not meet the conditions",
  5: "Could not reset the password with this token",
  6: "The token has expired",
  7: "Could not verify the email with this token",
  8: "This requires an admin",
  9: "2FA is already enabled",
  10: "Incorrect 2FA code, try again",
  11: "2FA is already disabled",
  12: "User not found",
  13: "An unknown error occurred",
  14: "Model not found",
  15: "Could not stop participation with this token; use the link in the latest email",
  16: "Cannot update the panel message, it has already been sent",
  17: "Cannot delete the panel message, it has already been sent",
  18: "The panel message has already been sent",
  19: "Cannot create the model",
  20: "The study is not open",
  21: "Could not delete the study",
  22: "Invalid input",
  23: "Too many requests, try again later",
  24: "The file was rejected",
  25: "Not signed in",
  26: "Request origin not allowed",
  27: "This was changed elsewhere in the meantime; reload to see the newer version",
  28: "This survey was already submitted with other answers",
  29: "Two-factor sign-in cannot be checked for this account; ask an admin to reset it",
  30: "Two-factor authentication is required; set it up on your account page first",
  31: "The webhook signature is missing, wrong or too old",
};
