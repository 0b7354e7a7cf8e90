import "server-only";
import type { ErrorCodeValue } from "./codes";

// Kept apart from the codes (lib/errors/codes.ts), which the browser loads with the API client:
// these texts are only the server's, and would otherwise weigh on every page that calls the API.

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
};
