import { beforeEach, describe, expect, it } from "vitest";
import {
  decrementInMemory,
  incrementInMemory,
  MEMORY_COUNTER_LIMIT,
  MEMORY_COUNTER_TRIM_TO,
} from "@/lib/rate-limit/memory";

// The store lives on globalThis under this key (see memory.ts); each test starts without one.
const storeKey = Symbol.for("research-panel.rate-limit-memory");
type Store = { counters: Map<string, { windowEnd: number; count: number }> };
const g = globalThis as { [storeKey]?: Store };
const keys = () => [...g[storeKey]!.counters.keys()];

beforeEach(() => {
  delete g[storeKey];
});

describe("in-memory rate-limit counters", () => {
  it("never count below zero when more is given back than was taken", () => {
    decrementInMemory("nothing-yet", 60_000);
    expect(incrementInMemory("k", 60_000, 0)).toBe(1);
    decrementInMemory("k", 60_000);
    decrementInMemory("k", 60_000);
    expect(incrementInMemory("k", 60_000, 0)).toBe(1);
    expect(incrementInMemory("k", 60_000, 0)).toBe(2);
  });

  it("sweep closed windows on every thousandth count, not before", () => {
    incrementInMemory("closed", 1000, 0);
    for (let i = 0; i < 998; i++) incrementInMemory("open", 5000, 1000);
    // 999 counts so far; "closed" ended exactly now and is still kept.
    expect(keys()).toEqual(["closed", "open"]);
    incrementInMemory("open", 5000, 1000);
    expect(keys()).toEqual(["open"]);
    // The count starts again: the next closed window stays until the next thousandth.
    incrementInMemory("closed-later", 2000, 1000);
    incrementInMemory("open", 5000, 3000);
    expect(keys()).toEqual(["open", "closed-later"]);
  });

  it("make a counter started again in a new window the newest, the last to give way", () => {
    incrementInMemory("a", 1000, 0);
    incrementInMemory("b", 1000, 0);
    expect(incrementInMemory("a", 2000, 1500)).toBe(1);
    expect(keys()).toEqual(["b", "a"]);
  });

  it("hold at most MEMORY_COUNTER_LIMIT counters: at the limit the oldest give way together", () => {
    for (let i = 0; i < MEMORY_COUNTER_LIMIT; i++) incrementInMemory(`k${i}`, 60_000, 0);
    expect(keys()).toHaveLength(MEMORY_COUNTER_LIMIT);
    expect(keys()[0]).toBe("k0");
    incrementInMemory("newest", 60_000, 0);
    // Down to MEMORY_COUNTER_TRIM_TO at once, oldest first, then the new counter.
    const gone = MEMORY_COUNTER_LIMIT - MEMORY_COUNTER_TRIM_TO;
    expect(keys()).toHaveLength(MEMORY_COUNTER_TRIM_TO + 1);
    expect(keys()[0]).toBe(`k${gone}`);
    expect(keys().at(-1)).toBe("newest");
    // So the next new clients find room without a walk over the map: nobody else gives way
    // until the limit is reached again.
    for (let i = 1; i < gone; i++) incrementInMemory(`later${i}`, 60_000, 0);
    expect(keys()).toHaveLength(MEMORY_COUNTER_LIMIT);
    expect(keys()[0]).toBe(`k${gone}`);
    incrementInMemory("one-more", 60_000, 0);
    expect(keys()).toHaveLength(MEMORY_COUNTER_TRIM_TO + 1);
    expect(keys()[0]).toBe(`k${2 * gone}`);
  });

  it("leave the counters of open windows alone below the limit", () => {
    for (let i = 0; i < MEMORY_COUNTER_LIMIT - 1; i++) incrementInMemory(`k${i}`, 60_000, 0);
    expect(keys()).toHaveLength(MEMORY_COUNTER_LIMIT - 1);
    expect(keys()[0]).toBe("k0");
  });
});
