import "server-only";
import { COMMON_PASSWORD_TEXT, passwordProblem } from "./schemas.shared";

/**
 * The common passwords of `@zxcvbn-ts/language-common` (a list shipped in the package: no
 * network call), lower-cased into a Set the first time a password is set, then kept. Server
 * only: the list never reaches a browser.
 */
let common: Promise<Set<string>> | undefined;

async function loadCommonPasswords(): Promise<Set<string>> {
  const { dictionary } = await import("@zxcvbn-ts/language-common");
  return new Set((dictionary["passwords-common"] as string[]).map((p) => p.toLowerCase()));
}

/** Whether `password` is on the list, compared without regard to case. */
export async function isCommonPassword(password: string): Promise<boolean> {
  common ??= loadCommonPasswords();
  return (await common).has(password.toLowerCase());
}

/**
 * A new password's problem: the first broken rule, or that it is a common password; null when
 * it may be used. Every place that sets a password asks this.
 */
export async function newPasswordProblem(password: string): Promise<string | null> {
  const rule = passwordProblem(password);
  if (rule) return rule;
  return (await isCommonPassword(password)) ? COMMON_PASSWORD_TEXT : null;
}
