import "server-only";
import type { Query, SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { dbOr, getDb, type Db, type DbOrTx } from "./client";

type Prepared<R> = { execute: (values?: Record<string, unknown>) => Promise<R> };

/**
 * A query on the hot path of a request (a submission, a sign-up, its rate-limit counters) whose
 * statement Drizzle builds once per database instead of on every call. Building a statement
 * walks its parts and checks the kind of each, which cost Node about twice as much as sending
 * the prepared statement and reading its answer (docs/database.md). `build` returns the query
 * with `sql.placeholder`s where the values go, `.prepare(name)`d. In an insert's values a column
 * encodes the value given for its placeholder as it would any value; a placeholder compared in a
 * `where` is sent as given (fine for text, numbers and uuids).
 *
 * Inside a caller's transaction the query is built each time: a prepared query belongs to the
 * session it was prepared on.
 */
export function preparedQuery<R>(
  build: (db: DbOrTx) => Prepared<R>,
): (values: Record<string, unknown>, tx?: DbOrTx) => Promise<R> {
  const byDatabase = new WeakMap<Db, Prepared<R>>();
  return async (values, tx) => {
    if (tx) return build(tx).execute(values);
    const db = await getDb();
    let query = byDatabase.get(db);
    if (!query) {
      query = build(db);
      byDatabase.set(db, query);
    }
    return query.execute(values);
  };
}

/**
 * A raw statement on a hot path (`sql` text with `sql.placeholder`s where the values go) whose
 * text Drizzle builds once for each `shape`, the one thing its text depends on (how many
 * rate-limit counters it writes, say), instead of walking its nested parts on every call. Runs
 * through the database's or the caller's transaction's session like `db.execute`, so the driver
 * prepares it as any other query; answers the driver's raw rows (`rowsOf`). A value missing for
 * a placeholder fails the call before anything is sent.
 */
export function rawStatement<Shape extends string | number>(
  build: (shape: Shape) => SQL,
): (shape: Shape, values: Record<string, unknown>, tx?: DbOrTx) => Promise<unknown> {
  // The text is the same for both drivers: it names no table through Drizzle's schema, and
  // both use Postgres's own $n parameters.
  const dialect = new PgDialect();
  const byShape = new Map<Shape, Query>();
  return async (shape, values, tx) => {
    let query = byShape.get(shape);
    if (!query) {
      query = dialect.sqlToQuery(build(shape));
      byShape.set(shape, query);
    }
    const db = await dbOr(tx);
    return db._.session.prepareQuery(query, undefined, undefined, false).execute(values);
  };
}
