import "server-only";
/**
 * The rows of a raw `db.execute`: postgres.js answers an array, PGlite an object with `rows`.
 * Raw statements cast their columns (`::int`, `::float8`) so both drivers give the same types.
 */
export function rowsOf<T>(result: unknown): T[] {
  const r = result as { rows?: T[] } | T[];
  return Array.isArray(r) ? r : (r.rows ?? []);
}
