import "server-only";
import { and, eq, lt, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { preparedQuery } from "@/db/prepared";
import { getConfig } from "@/config";
import { rateLimits } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { counterKey } from "./keys";
import { decrementInMemory, incrementInMemory } from "./memory";

export type RateLimitRule = {
  /** What is counted, e.g. "login-email". Part of the stored key, readable and hashed. */
  feature: string;
  /**
   * Whose requests are counted: a client key, an e-mail address, a user id, or SITE_WIDE. Never
   * stored: the counter's key is a keyed hash of it, the feature and the window.
   */
  subject: string;
  limit: number;
  windowSeconds: number;
  /**
   * "memory" counts in this instance only and writes nothing to the database (see memory.ts);
   * default "database", which holds across every instance.
   */
  store?: "database" | "memory";
};

/** The subject of a ceiling shared by every caller. */
export const SITE_WIDE = "*";

/** The longest window any rule may use; the sweep relies on it. */
export const MAX_WINDOW_SECONDS = 3600;

export type RateLimitResult = { allowed: boolean; count: number; retryAfterSeconds: number };

function windowStartOf(rule: RateLimitRule, now: Date): Date {
  const windowMs = rule.windowSeconds * 1000;
  return new Date(Math.floor(now.getTime() / windowMs) * windowMs);
}

/** When the window holding `now` ends (ms): all a count needs to say when to try again. */
function windowEndOf(rule: RateLimitRule, now: Date): number {
  return windowStartOf(rule, now).getTime() + rule.windowSeconds * 1000;
}

/** A rule's counter: its key, and when its window ends (ms). */
function counterOf(
  rule: RateLimitRule,
  now: Date,
): { key: string; windowStart: Date; end: number } {
  if (rule.windowSeconds > MAX_WINDOW_SECONDS) {
    throw new Error(`Rate-limit window of ${rule.feature} is longer than ${MAX_WINDOW_SECONDS} s`);
  }
  const windowStart = windowStartOf(rule, now);
  const key = counterKey(rule.feature, rule.subject, windowStart);
  return { key, windowStart, end: windowEndOf(rule, now) };
}

// The counting statement for a number of counters, built once (db/prepared.ts): a request
// counts one to four.
const countStatements = new Map<number, ReturnType<typeof countStatementFor>>();

function countStatementFor(counters: number) {
  return preparedQuery((db) =>
    db
      .insert(rateLimits)
      .values(
        Array.from({ length: counters }, (_, i) => ({
          key: sql.placeholder(`key${i}`),
          windowStart: sql.placeholder(`windowStart${i}`),
          count: sql.placeholder(`count${i}`),
        })),
      )
      .onConflictDoUpdate({
        target: [rateLimits.key, rateLimits.windowStart],
        set: { count: sql`${rateLimits.count} + excluded.count` },
      })
      .returning({ key: rateLimits.key, count: rateLimits.count })
      .prepare(`count_rate_limits_${counters}`),
  );
}

function countStatement(counters: number) {
  let statement = countStatements.get(counters);
  if (!statement) {
    statement = countStatementFor(counters);
    countStatements.set(counters, statement);
  }
  return statement;
}

/**
 * Adds one to the database counter of each rule and answers each rule's new count, in the
 * rules' order, in one statement however many rules there are (a request's limits cost one
 * round trip). A counter named twice counts twice: its rules see consecutive counts, as if
 * counted one after the other. The rows are written in key order, so two requests counting the
 * same counters lock them in the same order and cannot deadlock.
 */
async function countInDatabase(rules: RateLimitRule[], now: Date): Promise<number[]> {
  const counts: number[] = new Array(rules.length);
  if (rules.length === 0) return counts;
  const byKey = new Map<string, { windowStart: Date; indexes: number[] }>();
  rules.forEach((rule, i) => {
    const { key, windowStart } = counterOf(rule, now);
    const entry = byKey.get(key) ?? { windowStart, indexes: [] };
    entry.indexes.push(i);
    byKey.set(key, entry);
  });
  const values: Record<string, unknown> = {};
  [...byKey.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .forEach(([key, { windowStart, indexes }], i) => {
      values[`key${i}`] = key;
      values[`windowStart${i}`] = windowStart;
      values[`count${i}`] = indexes.length;
    });
  const rows = await countStatement(byKey.size)(values);
  for (const row of rows) {
    const { indexes } = byKey.get(row.key)!;
    indexes.forEach((index, k) => (counts[index] = row.count - (indexes.length - 1 - k)));
  }
  if (Math.random() < 0.01) await sweepRateLimits(now);
  return counts;
}

function countInMemory(rule: RateLimitRule, now: Date): number {
  const { key, end } = counterOf(rule, now);
  return incrementInMemory(key, end, now.getTime());
}

function resultOf(rule: RateLimitRule, count: number, now: Date): RateLimitResult {
  // No counter key (an HMAC) is needed to judge a count.
  const retryAfterSeconds = (windowEndOf(rule, now) - now.getTime()) / 1000;
  const limit = Math.floor(rule.limit * getConfig().rateLimitScale);
  return { allowed: count <= limit, count, retryAfterSeconds };
}

/**
 * Fixed-window counter, in Postgres (so the limit holds across every app instance) or in this
 * instance's memory. One upsert per check; closed windows are swept now and then. The limit
 * applied is the rule's times RATE_LIMIT_SCALE (1 unless a load test raises it), scaled here, the
 * one place every rule passes, so no feature is left out.
 */
export async function consumeRateLimit(
  rule: RateLimitRule,
  now = new Date(),
): Promise<RateLimitResult> {
  const [count] =
    rule.store === "memory" ? [countInMemory(rule, now)] : await countInDatabase([rule], now);
  return resultOf(rule, count, now);
}

/**
 * Gives back the unit a call took, so only failures use up a limit (e.g. a sign-in that
 * succeeded). Taking first and giving back afterwards keeps parallel attempts from slipping
 * past the limit. `now` must be the time the unit was taken.
 */
export async function releaseRateLimit(rule: RateLimitRule, now: Date): Promise<void> {
  const windowStart = windowStartOf(rule, now);
  const key = counterKey(rule.feature, rule.subject, windowStart);
  if (rule.store === "memory") {
    decrementInMemory(key, windowEndOf(rule, now));
    return;
  }
  const db = await getDb();
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart)));
}

/**
 * Throws code 23 (with Retry-After) when any of the rules is exhausted. The rules are judged in
 * order, so callers put the narrow ones (per client, per account) before a site-wide ceiling.
 * The in-memory rules (per client; they come first wherever they are used) are counted first
 * and one by one, so a request they refuse never reaches the database; the database rules are
 * then counted together in one round trip (countInDatabase). A refused request gives back every
 * unit it took but the refusing rule's, so it never counts toward a ceiling (nor toward a
 * client's budget when a ceiling refuses): the counts end as if the rules had been counted one
 * by one up to the refusal. Answers the rules it counted, for a caller that may have to give
 * them back later.
 *
 * `kept` rules are judged before `rules` and are never given back: a junk budget counted in the
 * same round trip as the rules that follow it, which a refusal after it must leave counted, as
 * if it had been counted on its own first.
 */
export async function enforceRateLimits(
  rules: RateLimitRule[],
  now = new Date(),
  kept: RateLimitRule[] = [],
): Promise<RateLimitRule[]> {
  const all = [...kept, ...rules];
  const refuse = async (refused: RateLimitRule, count: number, taken: RateLimitRule[]) => {
    await releaseRateLimits(
      taken.filter((rule) => !kept.includes(rule)),
      now,
    );
    const { retryAfterSeconds } = resultOf(refused, count, now);
    return new AppError(ErrorCode.RATE_LIMITED, { retryAfterSeconds });
  };
  const inMemory = all.filter((rule) => rule.store === "memory");
  for (const [i, rule] of inMemory.entries()) {
    const count = countInMemory(rule, now);
    if (!resultOf(rule, count, now).allowed) throw await refuse(rule, count, inMemory.slice(0, i));
  }
  const inDatabase = all.filter((rule) => rule.store !== "memory");
  const counts = await countInDatabase(inDatabase, now);
  const refused = inDatabase.findIndex((rule, i) => !resultOf(rule, counts[i], now).allowed);
  if (refused === -1) return rules;
  const taken = [...inMemory, ...inDatabase.filter((_, i) => i !== refused)];
  throw await refuse(inDatabase[refused], counts[refused], taken);
}

/** Gives back one unit of each rule, taken at `now`. */
export async function releaseRateLimits(rules: RateLimitRule[], now: Date): Promise<void> {
  await Promise.all(rules.map((rule) => releaseRateLimit(rule, now)));
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
