import "server-only";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { rowsOf } from "@/db/rows";

/**
 * Fixes a message's recipients: one pending delivery per member who is verified and not
 * bounced at this moment, inserted in the caller's transaction (which also changes the
 * message's status, so the two happen together or not at all). Returns how many.
 *
 * A member whose leaving is under way (their row being deleted, not yet committed) is left out:
 * the delivery's foreign key would wait for the delete and then fail the whole send. `for key
 * share` is the lock that key takes anyway, so only a delete (or a key change) is skipped, never
 * a member whose row is merely being updated.
 */
export async function addRecipients(tx: DbOrTx, messageId: number): Promise<number> {
  const [inserted] = rowsOf<{ n: number }>(
    await tx.execute(sql`
      with added as (
        insert into panel_message_deliveries (message_id, panel_user_id)
        select ${messageId}, id from panel_users
        where is_verified = true and delivery_status = 'ok'
        order by id
        for key share skip locked
        returning 1
      )
      select count(*)::int as n from added`),
  );
  return Number(inserted.n);
}
