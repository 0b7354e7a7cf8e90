import "server-only";
import { getDb, type Db, type DbOrTx } from "./client";

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
