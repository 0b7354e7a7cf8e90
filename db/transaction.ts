import "server-only";
import { getDb, type Db } from "./client";

/** An open transaction, as handed to the callback of `db.transaction()`. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Runs `work` in a transaction: a new one, or a savepoint inside the caller's `tx`, so a
 * function that writes can be composed into a larger transaction and still undo only its own
 * part when it fails.
 */
export async function inTransaction<T>(
  tx: Tx | undefined,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  const db: Db | Tx = tx ?? (await getDb());
  return db.transaction(work);
}
