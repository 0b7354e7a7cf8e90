import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { countMemoryRules, judgeDatabaseCounts, sweepNowAndThen } from "./limiter";
import { counterPlan, type RateLimitRule } from "./rule";

/**
 * A request's database limits, counted by the statement that does the request's work instead of
 * a round trip of their own. The statement takes the parts of `limitPartsFor(shape)`: it puts
 * `counting` first among its WITH queries, writes only where `allowed` holds, and returns
 * `counts`; the caller hands those to `settle` before it uses anything else the statement
 * returned. The parts hold placeholders, filled from `values` beside the statement's own
 * (`rawStatement` in db/prepared.ts), so each text is built once per number of counters. The outcome is that of `enforceRateLimits`: the
 * rules are judged in order, and a refused request wrote nothing of its own, gives back every
 * unit but the refusing rule's and the kept ones, and is answered 429 code 23.
 *
 * The counters are written first and in key order, as `enforceRateLimits` writes them, so two
 * statements counting the same counters cannot deadlock on them.
 */
export type LimitsInStatement = {
  /**
   * How many counters the statement writes: the one thing the text of its parts depends on, so
   * a statement built with `rawStatement` is built once per shape.
   */
  readonly shape: number;
  /** The values of the placeholders in the parts of `limitPartsFor(shape)`. */
  readonly values: Record<string, unknown>;
  /** Judges the counts the statement returned; throws code 23 on a refusal. */
  settle(counts: unknown): Promise<void>;
  /** Whether `settle` ran: the route wrapper fails a handler that never counted. */
  readonly settled: boolean;
};

export type LimitParts = {
  /** `rate_limit_counts as (…)`: the first of the statement's WITH queries. */
  readonly counting: SQL;
  /** True when every counter is within its limits. */
  readonly allowed: SQL;
  /** The new counts, as the statement returns them. */
  readonly counts: SQL;
};

const COUNTS = sql`(select json_agg(json_build_array(key, count)) from rate_limit_counts)`;
const fragmentsByShape = new Map<number, LimitParts>();

/**
 * The parts of a statement counting `n` counters, with placeholders where each counter's values
 * go (`values` of the limits with that `shape`). Built once per `n`.
 */
export function limitPartsFor(n: number): LimitParts {
  let fragments = fragmentsByShape.get(n);
  if (fragments) return fragments;
  const indexes = Array.from({ length: n }, (_, i) => i);
  const key = (i: number) => sql`${sql.placeholder(`rl_key_${i}`)}::text`;
  fragments =
    n === 0
      ? {
          counting: sql`rate_limit_counts as (select null::text as key, 0 as count where false)`,
          allowed: sql`true`,
          counts: sql`'[]'::json`,
        }
      : {
          counting: sql`rate_limit_counts as (
    insert into rate_limits as r (key, window_start, count) values ${sql.join(
      indexes.map(
        (i) =>
          sql`(${key(i)}, ${sql.placeholder(`rl_window_${i}`)}::timestamptz, ${sql.placeholder(`rl_units_${i}`)}::int)`,
      ),
      sql`, `,
    )}
    on conflict (key, window_start) do update set count = r.count + excluded.count
    returning r.key, r.count
  )`,
          allowed: sql`not exists (
    select 1 from rate_limit_counts c join (values ${sql.join(
      indexes.map((i) => sql`(${key(i)}, ${sql.placeholder(`rl_threshold_${i}`)}::int)`),
      sql`, `,
    )}) as t (key, threshold)
      on t.key = c.key
    where c.count > t.threshold
  )`,
          counts: COUNTS,
        };
  fragmentsByShape.set(n, fragments);
  return fragments;
}

/** For callers without limits (tests, scripts): counts nothing and allows. */
export const NO_LIMITS: LimitsInStatement = {
  shape: 0,
  values: {},
  settle: async () => {},
  settled: true,
};

/**
 * Counts the in-memory rules at once (a refusal there throws before any statement) and answers
 * the database ones for the request's statement. `kept` rules are judged first and never given
 * back (a junk budget, see enforceRateLimits).
 */
export async function limitsInStatement(
  rules: RateLimitRule[],
  now = new Date(),
  kept: RateLimitRule[] = [],
): Promise<LimitsInStatement> {
  const all = [...kept, ...rules];
  const inMemory = await countMemoryRules(all, kept, now);
  const inDatabase = all.filter((rule) => rule.store !== "memory");
  if (inDatabase.length === 0) return NO_LIMITS;
  const plan = counterPlan(inDatabase, now);
  let settled = false;
  const values: Record<string, unknown> = {};
  plan.counters.forEach(({ key, windowStart, units, threshold }, i) => {
    values[`rl_key_${i}`] = key;
    values[`rl_window_${i}`] = windowStart.toISOString();
    values[`rl_units_${i}`] = units;
    values[`rl_threshold_${i}`] = threshold;
  });
  return {
    shape: plan.counters.length,
    values,
    async settle(counts) {
      settled = true;
      const pairs = (typeof counts === "string" ? JSON.parse(counts) : counts) as [
        string,
        number,
      ][];
      const rows = pairs.map(([key, count]) => ({ key, count }));
      await judgeDatabaseCounts({ inDatabase, counts: plan.countsOf(rows), inMemory, kept }, now);
      await sweepNowAndThen(now);
    },
    get settled() {
      return settled;
    },
  };
}
