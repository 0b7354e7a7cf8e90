/**
 * The error catalogue: codes 0–21 are the product specification's, 22–26 our additions.
 * Messages are English; the interface translates codes through messages/<locale>/errors.json.
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
} as const;

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

export const errorCatalogue: Record<ErrorCodeValue, { status: number; message: string }> = {
  0: { status: 409, message: "An account with this email already exists" },
  1: { status: 401, message: "Could not log in with this email and password" },
  2: { status: 400, message: "Incorrect 2FA code, try again" },
  3: { status: 400, message: "Wrong password" },
  4: { status: 400, message: "The new password does not meet the conditions" },
  5: { status: 400, message: "Could not reset the password with this token" },
  6: { status: 400, message: "The token has expired" },
  7: { status: 400, message: "Could not verify the email with this token" },
  8: { status: 403, message: "This requires an admin" },
  9: { status: 409, message: "2FA is already enabled" },
  10: { status: 400, message: "Incorrect 2FA code, try again" },
  11: { status: 409, message: "2FA is already disabled" },
  12: { status: 404, message: "User not found" },
  13: { status: 500, message: "An unknown error occurred" },
  14: { status: 404, message: "Model not found" },
  15: {
    status: 400,
    message: "Could not stop participation with this token; use the link in the latest email",
  },
  16: { status: 409, message: "Cannot update the panel message, it has already been sent" },
  17: { status: 409, message: "Cannot delete the panel message, it has already been sent" },
  18: { status: 409, message: "The panel message has already been sent" },
  19: { status: 400, message: "Cannot create the model" },
  20: { status: 409, message: "The study is not open" },
  21: { status: 409, message: "Could not delete the study" },
  22: { status: 400, message: "Invalid input" },
  23: { status: 429, message: "Too many requests, try again later" },
  24: { status: 400, message: "The file was rejected" },
  25: { status: 401, message: "Not signed in" },
  26: { status: 403, message: "Request origin not allowed" },
};

export const allErrorCodes = Object.values(ErrorCode);
