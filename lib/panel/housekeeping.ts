import "server-only";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import { getDb } from "@/db/client";
import { panelUsers } from "@/db/schema";

export const UNVERIFIED_RETENTION_MS = 30 * 24 * 3600 * 1000;

/**
 * Sign-ups never confirmed within 30 days are deleted: an address someone typed in is not kept
 * without its owner's consent. One whose latest link is still valid (a repeated sign-up or a
 * resend near the end) waits until that link has expired. Returns how many were removed.
 */
export async function deleteStaleSignups(now = new Date()): Promise<number> {
  const db = await getDb();
  const deleted = await db
    .delete(panelUsers)
    .where(
      and(
        eq(panelUsers.isVerified, false),
        lt(panelUsers.createdAt, new Date(now.getTime() - UNVERIFIED_RETENTION_MS)),
        or(isNull(panelUsers.verificationExpiresAt), lt(panelUsers.verificationExpiresAt, now)),
      ),
    )
    .returning({ id: panelUsers.id });
  return deleted.length;
}
