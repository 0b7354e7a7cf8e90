import "server-only";
import { clientLimit } from "@/lib/rate-limit/client";
import type { RateLimitRule } from "@/lib/rate-limit/limiter";
import { pseudonymousKey } from "@/lib/rate-limit/keys";

const MINUTES = 60;

/** Typed addresses are keyed by a keyed hash, so the counters never hold an address. */
function addressKey(email: string): string {
  return pseudonymousKey("rate-limit", email);
}

// Sign-in. Per account: five failures per quarter hour, so even across a window boundary no
// more than ten wrong passwords in a row get through. Per client: thirty failures, which
// slows trying one password on many accounts. Successful sign-ins give their unit back.
export const loginRules = (email: string, ip: string): RateLimitRule[] => [
  { key: `login:ip:${ip}`, limit: clientLimit(ip, 30, 300), windowSeconds: 15 * MINUTES },
  { key: `login:email:${addressKey(email)}`, limit: 5, windowSeconds: 15 * MINUTES },
];

/** Wrong second-factor codes per account, across challenges (each challenge allows five). */
export const secondFactorRule = (userId: number): RateLimitRule => ({
  key: `login_2fa:user:${userId}`,
  limit: 10,
  windowSeconds: 15 * MINUTES,
});

/** Wrong or challenge-less second-factor attempts per client. */
export const secondFactorClientRule = (ip: string): RateLimitRule => ({
  key: `login_2fa:ip:${ip}`,
  limit: clientLimit(ip, 30, 300),
  windowSeconds: 15 * MINUTES,
});

/** Reset mails: a few per address and per client per hour. */
export const forgotPasswordRules = (email: string, ip: string): RateLimitRule[] => [
  { key: `forgot:ip:${ip}`, limit: clientLimit(ip, 10, 200), windowSeconds: 60 * MINUTES },
  { key: `forgot:email:${addressKey(email)}`, limit: 3, windowSeconds: 60 * MINUTES },
];

export const resetPasswordClientRule = (ip: string): RateLimitRule => ({
  key: `reset:ip:${ip}`,
  limit: clientLimit(ip, 20, 300),
  windowSeconds: 15 * MINUTES,
});

/** Signed-in checks of a password or code (change password, 2FA on and off). */
export const accountCheckRule = (userId: number): RateLimitRule => ({
  key: `account_check:user:${userId}`,
  limit: 10,
  windowSeconds: 15 * MINUTES,
});
