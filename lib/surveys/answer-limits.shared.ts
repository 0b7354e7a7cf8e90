/**
 * How long an open answer may be: the submission's schema (answers.shared.ts) refuses more, and
 * the runner's field stops there and says so. A module of its own, without zod, since the runner
 * page loads no schema library.
 */
export const MAX_OPEN_ANSWER_LENGTH = 10_000;
