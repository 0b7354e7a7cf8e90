/**
 * Wrong codes one password step allows before its challenge ends and the password step has to
 * be done again. Shared: the login dialog goes back to that step by itself after the last one.
 */
export const MAX_CODE_ATTEMPTS = 5;
