import { PglitePreparedQuery } from "drizzle-orm/pglite";
import { PostgresJsPreparedQuery } from "drizzle-orm/postgres-js";
import { vi } from "vitest";

/**
 * Counts the statements the app sends to the database, on either driver, from now until
 * `restore()`: every Drizzle query, prepared by the app or not, runs through its driver's
 * prepared query. A round trip the app saves shows here.
 *
 * The occasional sweep of closed rate-limit windows (`sweepNowAndThen`: after about one counting
 * in a hundred, a DELETE of its own) is no part of a request's statements. Left to chance it
 * added one to the count in about one run in a hundred, so while counting its coin always comes
 * down "not now" (`sweepNowAndThen` is tested on its own).
 */
export function countQueries(): { count: () => number; restore: () => void } {
  const spies = [
    vi.spyOn(PglitePreparedQuery.prototype, "execute"),
    vi.spyOn(PostgresJsPreparedQuery.prototype, "execute"),
  ];
  const coin = vi.spyOn(Math, "random").mockReturnValue(0.5);
  return {
    count: () => spies.reduce((sum, spy) => sum + spy.mock.calls.length, 0),
    restore: () => {
      spies.forEach((spy) => spy.mockRestore());
      coin.mockRestore();
    },
  };
}
