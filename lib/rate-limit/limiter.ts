import "server-only";
import { and, eq, lt, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { rateLimits } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { ErrorCode } from "@/lib/errors/codes";

export type RateLimitRule = {
  /** What is being limited, e.g. "login:email:someone@example.org". */
  key: string;
  limit: number;
  windowSeconds: number;
};

/** The longest window any rule may use; the sweep relies on it. */
export const MAX_WINDOW_SECONDS = 3600;

export type RateLimitResult = { allowed: boolean; count: number; retryAfterSeconds: number };

/**
 * Fixed-window counter in Postgres, so the limit holds across every app instance. One upsert per
 * check; old windows are swept now and then by the same statement path.
 */
export async function consumeRateLimit(
  rule: RateLimitRule,
  now = new Date(),
): Promise<RateLimitResult> {
  if (rule.windowSeconds > MAX_WINDOW_SECONDS) {
    throw new Error(`Rate-limit window of ${rule.key} is longer than ${MAX_WINDOW_SECONDS} s`);
  }
  const db = await getDb();
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = windowStartOf(rule, now);
  const [row] = await db
    .insert(rateLimits)
    .values({ key: rule.key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count });
  if (Math.random() < 0.01) await sweepRateLimits(now);
  const retryAfterSeconds = (windowStart.getTime() + windowMs - now.getTime()) / 1000;
  return { allowed: row.count <= rule.limit, count: row.count, retryAfterSeconds };
}

function windowStartOf(rule: RateLimitRule, now: Date): Date {
  const windowMs = rule.windowSeconds * 1000;
  return new Date(Math.floor(now.getTime() / windowMs) * windowMs);
}

/**
 * Gives back the unit a call took, so only failures use up a limit (e.g. a sign-in that
 * succeeded). Taking first and giving back afterwards keeps parallel attempts from slipping
 * past the limit. `now` must be the time the unit was taken.
 */
export async function releaseRateLimit(rule: RateLimitRule, now: Date): Promise<void> {
  const db = await getDb();
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(and(eq(rateLimits.key, rule.key), eq(rateLimits.windowStart, windowStartOf(rule, now))));
}

/** Throws code 23 (with Retry-After) when any of the rules is exhausted. */
export async function enforceRateLimits(rules: RateLimitRule[], now = new Date()): Promise<void> {
  for (const rule of rules) {
    const result = await consumeRateLimit(rule, now);
    if (!result.allowed) {
      throw new AppError(ErrorCode.RATE_LIMITED, { retryAfterSeconds: result.retryAfterSeconds });
    }
  }
}

/** Clears the counters of a key, e.g. after a successful sign-in. */
export async function resetRateLimit(key: string): Promise<void> {
  const db = await getDb();
  await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
}

/**
 * Counters are deleted as soon as their window has closed (no window is longer than an hour),
 * so they say little about who did what when.
 */
export async function sweepRateLimits(now = new Date()): Promise<void> {
  const db = await getDb();
  await db
    .delete(rateLimits)
    .where(lt(rateLimits.windowStart, new Date(now.getTime() - MAX_WINDOW_SECONDS * 1000)));
}
