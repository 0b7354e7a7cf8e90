import "server-only";

/**
 * Counters kept in this instance's memory only, for limits whose rows would say too much in the
 * database (anonymous survey submission: a per-client row there, written beside a response, is
 * exactly what a database reader could line up with a member's rows). Per instance by design:
 * across instances, and on serverless hosts where every call may start afresh, only the
 * database-backed site-wide ceiling holds.
 *
 * Bounded: once MAX_ENTRIES counters exist, closed windows are swept and, if that is not enough,
 * the oldest counters go first, down to TRIM_TO at once. Someone with many addresses can at most
 * reset counters that way; the site-wide ceiling still holds. Giving way one counter at a time
 * would make every new client at the limit pay a walk over the whole map (the sweep), which is
 * exactly the load of a busy hour or a flood from many addresses.
 */
const MAX_ENTRIES = 20_000;
const TRIM_TO = 18_000;
const SWEEP_EVERY = 1_000;

type Counter = { windowEnd: number; count: number };
type Store = { counters: Map<string, Counter>; sinceSweep: number };

// On globalThis: a server build may load this module once per route bundle, and every route must
// count in the same map.
const storeKey = Symbol.for("research-panel.rate-limit-memory");
function store(): Store {
  const g = globalThis as { [storeKey]?: Store };
  g[storeKey] ??= { counters: new Map(), sinceSweep: 0 };
  return g[storeKey];
}

function sweep(s: Store, nowMs: number): void {
  s.sinceSweep = 0;
  for (const [key, counter] of s.counters) {
    if (counter.windowEnd <= nowMs) s.counters.delete(key);
  }
  if (s.counters.size < MAX_ENTRIES) return;
  // Map iteration follows insertion order: the first entries are the oldest.
  for (const key of s.counters.keys()) {
    if (s.counters.size <= TRIM_TO) break;
    s.counters.delete(key);
  }
}

/** Adds one to the counter of `key` in the window ending at `windowEnd`; returns the new count. */
export function incrementInMemory(key: string, windowEnd: number, nowMs: number): number {
  const s = store();
  if (++s.sinceSweep >= SWEEP_EVERY || s.counters.size >= MAX_ENTRIES) sweep(s, nowMs);
  const counter = s.counters.get(key);
  if (counter && counter.windowEnd === windowEnd) {
    counter.count += 1;
    return counter.count;
  }
  s.counters.delete(key);
  s.counters.set(key, { windowEnd, count: 1 });
  return 1;
}

export function decrementInMemory(key: string, windowEnd: number): void {
  const counter = store().counters.get(key);
  if (counter && counter.windowEnd === windowEnd && counter.count > 0) counter.count -= 1;
}

export const MEMORY_COUNTER_LIMIT = MAX_ENTRIES;
/** How many counters are left after the oldest gave way at the limit. */
export const MEMORY_COUNTER_TRIM_TO = TRIM_TO;
