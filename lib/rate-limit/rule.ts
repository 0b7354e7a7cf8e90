import "server-only";
import { getConfig } from "@/config";
import { counterKey } from "./keys";

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

export function windowStartOf(rule: RateLimitRule, now: Date): Date {
  const windowMs = rule.windowSeconds * 1000;
  return new Date(Math.floor(now.getTime() / windowMs) * windowMs);
}

/** When the window holding `now` ends (ms): all a count needs to say when to try again. */
export function windowEndOf(rule: RateLimitRule, now: Date): number {
  return windowStartOf(rule, now).getTime() + rule.windowSeconds * 1000;
}

/** A rule's counter: its key, and when its window ends (ms). */
export function counterOf(
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

export function scaledLimit(rule: RateLimitRule): number {
  return Math.floor(rule.limit * getConfig().rateLimitScale);
}

export type CounterPlan = {
  /** Each counter once, in key order (the order rows are written and locked in). */
  counters: { key: string; windowStart: Date; units: number; threshold: number }[];
  /** Each rule's count, in the rules' order, from the counters' new counts. */
  countsOf: (rows: { key: string; count: number }[]) => number[];
};

/**
 * What counting `rules` writes. A counter named twice counts twice: its rules see consecutive
 * counts, as if counted one after the other. `threshold` is the highest new count of a counter
 * at which every rule naming it still allows its unit.
 */
export function counterPlan(rules: RateLimitRule[], now: Date): CounterPlan {
  const byKey = new Map<string, { windowStart: Date; indexes: number[] }>();
  rules.forEach((rule, i) => {
    const { key, windowStart } = counterOf(rule, now);
    const entry = byKey.get(key) ?? { windowStart, indexes: [] };
    entry.indexes.push(i);
    byKey.set(key, entry);
  });
  const counters = [...byKey.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, { windowStart, indexes }]) => ({
      key,
      windowStart,
      units: indexes.length,
      threshold: Math.min(
        ...indexes.map((index, k) => scaledLimit(rules[index]) + (indexes.length - 1 - k)),
      ),
    }));
  return {
    counters,
    countsOf: (rows) => {
      const counts: number[] = new Array(rules.length);
      for (const row of rows) {
        const { indexes } = byKey.get(row.key)!;
        indexes.forEach((index, k) => (counts[index] = row.count - (indexes.length - 1 - k)));
      }
      return counts;
    },
  };
}
