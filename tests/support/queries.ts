import { PglitePreparedQuery } from "drizzle-orm/pglite";
import { PostgresJsPreparedQuery } from "drizzle-orm/postgres-js";
import { vi } from "vitest";

/**
 * Counts the statements the app sends to the database, on either driver, from now until
 * `restore()`: every Drizzle query, prepared by the app or not, runs through its driver's
 * prepared query. A round trip the app saves shows here.
 */
export function countQueries(): { count: () => number; restore: () => void } {
  const spies = [
    vi.spyOn(PglitePreparedQuery.prototype, "execute"),
    vi.spyOn(PostgresJsPreparedQuery.prototype, "execute"),
  ];
  return {
    count: () => spies.reduce((sum, spy) => sum + spy.mock.calls.length, 0),
    restore: () => spies.forEach((spy) => spy.mockRestore()),
  };
}
