import { load, type LoadOptions, type LoadResult } from "./load";

/** How many times each side of a pair runs, alternately, within the scenario's measured time. */
export const ROUNDS = 4;

/** Rounds of one scenario added up: requests over the total time; latencies averaged. */
function combine(parts: LoadResult[], durationMs: number): LoadResult {
  const requests = parts.reduce((n, r) => n + r.requests, 0);
  const statuses: Record<string, number> = {};
  for (const r of parts) {
    for (const [code, n] of Object.entries(r.statuses)) statuses[code] = (statuses[code] ?? 0) + n;
  }
  const mean = (pick: (r: LoadResult) => number) =>
    parts.reduce((n, r) => n + pick(r), 0) / parts.length;
  return {
    requests,
    rps: requests / (durationMs / 1000),
    p50: mean((r) => r.p50),
    p99: mean((r) => r.p99),
    errors: parts.reduce((n, r) => n + r.errors, 0),
    statuses,
  };
}

/**
 * A figure and its floor measured together: both warmed up, then `ROUNDS` short runs of each,
 * alternating (floor, app, floor, app, …), so a change in the machine's load during the pair
 * (other work, a background job) falls on both sides alike. Each side runs `durationMs` in all.
 */
export async function interleaved(
  floor: LoadOptions,
  app: LoadOptions,
): Promise<{ floor: LoadResult; app: LoadResult }> {
  const each = Math.max(1000, Math.round(floor.durationMs / ROUNDS));
  const parts = { floor: [] as LoadResult[], app: [] as LoadResult[] };
  const counters = { floor: { n: 0 }, app: { n: 0 } };
  for (let round = 0; round < ROUNDS; round++) {
    for (const side of ["floor", "app"] as const) {
      const o = side === "floor" ? floor : app;
      parts[side].push(
        await load({
          ...o,
          durationMs: each,
          warmupMs: round === 0 ? o.warmupMs : undefined,
          counter: counters[side],
        }),
      );
    }
  }
  return {
    floor: combine(parts.floor, each * ROUNDS),
    app: combine(parts.app, each * ROUNDS),
  };
}
