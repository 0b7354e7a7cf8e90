import "server-only";
import { and, eq, lt, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { preparedQuery } from "@/db/prepared";
import { rateLimits } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { counterKey } from "./keys";
import { decrementInMemory, incrementInMemory } from "./memory";
import {
  counterOf,
  counterPlan,
  MAX_WINDOW_SECONDS,
  scaledLimit,
  windowEndOf,
  windowStartOf,
  type RateLimitRule,
} from "./rule";

export { MAX_WINDOW_SECONDS, SITE_WIDE, type RateLimitRule } from "./rule";

export type RateLimitResult = { allowed: boolean; count: number; retryAfterSeconds: number };

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
  if (rules.length === 0) return [];
  const plan = counterPlan(rules, now);
  const values: Record<string, unknown> = {};
  plan.counters.forEach(({ key, windowStart, units }, i) => {
    values[`key${i}`] = key;
    values[`windowStart${i}`] = windowStart;
    values[`count${i}`] = units;
  });
  const counts = plan.countsOf(await countStatement(plan.counters.length)(values));
  await sweepNowAndThen(now);
  return counts;
}

function countInMemory(rule: RateLimitRule, now: Date): number {
  const { key, end } = counterOf(rule, now);
  return incrementInMemory(key, end, now.getTime());
}

function resultOf(rule: RateLimitRule, count: number, now: Date): RateLimitResult {
  // No counter key (an HMAC) is needed to judge a count.
  const retryAfterSeconds = (windowEndOf(rule, now) - now.getTime()) / 1000;
  const limit = scaledLimit(rule);
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
  const inMemory = await countMemoryRules(all, kept, now);
  const inDatabase = all.filter((rule) => rule.store !== "memory");
  const counts = await countInDatabase(inDatabase, now);
  await judgeDatabaseCounts({ inDatabase, counts, inMemory, kept }, now);
  return rules;
}

/** The refusal of `refused` at `count`, after giving back `taken` but what is `kept`. */
async function refusal(
  refused: RateLimitRule,
  count: number,
  taken: RateLimitRule[],
  kept: RateLimitRule[],
  now: Date,
): Promise<AppError> {
  await releaseRateLimits(
    taken.filter((rule) => !kept.includes(rule)),
    now,
  );
  const { retryAfterSeconds } = resultOf(refused, count, now);
  return new AppError(ErrorCode.RATE_LIMITED, { retryAfterSeconds });
}

/**
 * Counts the in-memory rules of `all`, one by one and first, and answers them; throws the
 * refusal (code 23, what they took given back but `kept`) when one is spent.
 */
export async function countMemoryRules(
  all: RateLimitRule[],
  kept: RateLimitRule[],
  now: Date,
): Promise<RateLimitRule[]> {
  const inMemory = all.filter((rule) => rule.store === "memory");
  for (const [i, rule] of inMemory.entries()) {
    const count = countInMemory(rule, now);
    if (!resultOf(rule, count, now).allowed) {
      throw await refusal(rule, count, inMemory.slice(0, i), kept, now);
    }
  }
  return inMemory;
}

/**
 * Judges the database rules' new counts in order; when one refuses, gives back every unit taken
 * (in memory too) but the refusing rule's and the `kept` ones, and throws code 23.
 */
export async function judgeDatabaseCounts(
  o: {
    inDatabase: RateLimitRule[];
    counts: number[];
    inMemory: RateLimitRule[];
    kept: RateLimitRule[];
  },
  now: Date,
): Promise<void> {
  const refused = o.inDatabase.findIndex((rule, i) => !resultOf(rule, o.counts[i], now).allowed);
  if (refused === -1) return;
  const taken = [...o.inMemory, ...o.inDatabase.filter((_, i) => i !== refused)];
  throw await refusal(o.inDatabase[refused], o.counts[refused], taken, o.kept, now);
}

/** Gives back one unit of each rule, taken at `now`. */
export async function releaseRateLimits(rules: RateLimitRule[], now: Date): Promise<void> {
  await Promise.all(rules.map((rule) => releaseRateLimit(rule, now)));
}

/** After about one counting in a hundred, wherever counters are written: sweeps closed windows. */
export async function sweepNowAndThen(now: Date): Promise<void> {
  if (Math.random() < 0.01) await sweepRateLimits(now);
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
