import "server-only";
import { lt } from "drizzle-orm";
import { dbOr, type DbOrTx } from "@/db/client";
import { mailProviderEvents } from "@/db/schema";

/** How long a handled event's id is kept, so that a replay of it changes nothing. */
export const EVENT_ID_RETENTION_MS = 7 * 24 * 3600 * 1000;

/** Forgets event ids older than a week (a signature older than five minutes is refused anyway). */
export async function deleteOldProviderEvents(now = new Date(), tx?: DbOrTx): Promise<number> {
  const db = await dbOr(tx);
  const deleted = await db
    .delete(mailProviderEvents)
    .where(lt(mailProviderEvents.receivedAt, new Date(now.getTime() - EVENT_ID_RETENTION_MS)))
    .returning({ id: mailProviderEvents.id });
  return deleted.length;
}
