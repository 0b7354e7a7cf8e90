import "server-only";
import type { ClientBudget } from "@/lib/rate-limit/client";
import { perClientRule, siteWideRule } from "@/lib/rate-limit/client";
import type { RateLimitRule } from "@/lib/rate-limit/limiter";

const MINUTES = 60;

// Each client's sign-in and second-factor requests, valid or not (the handler counts these
// before reading the body). Failures per client, per account and site-wide are counted by the
// domain below, after validation: a correct sign-in never meets a ceiling that other people's
// wrong passwords filled, and a client refused by its own limit adds nothing to the ceiling.
export const loginBudget: ClientBudget = {
  feature: "login",
  windowSeconds: 15 * MINUTES,
  junkPerClient: 100,
};

export const secondFactorBudget: ClientBudget = {
  feature: "login-2fa",
  windowSeconds: 15 * MINUTES,
  junkPerClient: 100,
};

/** Failed sign-ins of every caller together (the only ceiling when clients can't be told apart). */
const loginFailuresSiteWide = siteWideRule("login-failures-site", 300, 15 * MINUTES);

/** Failed second-factor codes of every caller together. */
const secondFactorFailuresSiteWide = siteWideRule("login-2fa-failures-site", 300, 15 * MINUTES);

// Reset mails: ten per client and three per address an hour, judged before the ceiling (the
// address through the route's `limits`), so a refused request never counts toward it.
export const forgotPasswordBudget: ClientBudget = {
  feature: "forgot",
  windowSeconds: 60 * MINUTES,
  siteWide: 200,
  junkPerClient: 50,
  perClient: 10,
};

export const resetPasswordBudget: ClientBudget = {
  feature: "reset",
  windowSeconds: 15 * MINUTES,
  siteWide: 300,
  junkPerClient: 60,
  perClient: 20,
};

// Sign-in. Per account: five failures per quarter hour, so even across a window boundary no
// more than ten wrong passwords in a row get through. Per client: thirty failures, which
// slows trying one password on many accounts. Successful sign-ins give their unit back.
export const loginRules = (email: string, client: string): RateLimitRule[] => [
  ...perClientRule("login-client", client, 30, 15 * MINUTES),
  { feature: "login-email", subject: email, limit: 5, windowSeconds: 15 * MINUTES },
  loginFailuresSiteWide,
];

/**
 * Wrong or challenge-less second-factor attempts: per client (none when the client is unknown),
 * then every caller's together. Taken as failures until a code is accepted. Per account, ten
 * wrong codes in a row lock the step instead (code-lock.ts): a right code starts that count
 * again, which a window would not.
 */
export const secondFactorClientRules = (client: string): RateLimitRule[] => [
  ...perClientRule("login-2fa-client", client, 30, 15 * MINUTES),
  secondFactorFailuresSiteWide,
];

/** Reset mails per address: three an hour. */
export const forgotPasswordAddressRules = (email: string): RateLimitRule[] => [
  { feature: "forgot-email", subject: email, limit: 3, windowSeconds: 60 * MINUTES },
];

/** Signed-in checks of a password or code (change password, 2FA on and off). */
export const accountCheckRule = (userId: number): RateLimitRule => ({
  feature: "account-check",
  subject: String(userId),
  limit: 10,
  windowSeconds: 15 * MINUTES,
});
