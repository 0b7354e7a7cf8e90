import "server-only";
import { eq } from "drizzle-orm";
import { dbOr, transaction, type DbOrTx } from "@/db/client";
import { panelMessageDeliveries, panelUsers } from "@/db/schema";
import { recordAudit, type AuditActor } from "@/lib/audit/record";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { AppError } from "@/lib/errors/app-error";
import { enforceRateLimits } from "@/lib/rate-limit/limiter";
import { oneClickLimitsPerMember } from "./rate-limits";
import { stopTokenMatches } from "./tokens";

/**
 * Deletes a member for real. Their deliveries stay for the message counts with a null member
 * (the foreign key does that); a provider error kept on them could quote the address, so it is
 * cleared first. Returns false when there was no such member.
 */
export async function removePanelUser(memberId: number, tx?: DbOrTx): Promise<boolean> {
  return transaction(tx, async (tx) => {
    await tx
      .update(panelMessageDeliveries)
      .set({ lastError: null })
      .where(eq(panelMessageDeliveries.panelUserId, memberId));
    const deleted = await tx
      .delete(panelUsers)
      .where(eq(panelUsers.id, memberId))
      .returning({ id: panelUsers.id });
    return deleted.length > 0;
  });
}

/**
 * DELETE /api/panel_user/{id} (admin): removes the member as leaving does, audited as
 * `panel_member_deleted` (the member by id only). 404 code 14 when there is no such member.
 */
export async function deletePanelMember(
  memberId: number,
  actor: AuditActor,
  tx?: DbOrTx,
): Promise<void> {
  await transaction(tx, async (t) => {
    if (!(await removePanelUser(memberId, t))) throw new AppError(ErrorCode.NOT_FOUND);
    await recordAudit(t, {
      action: "panel_member_deleted",
      actor,
      target: { type: "panel_member", id: memberId },
    });
  });
}

/** Leaving through a stop link (page or one-click): any stop token the member was ever sent. */
export async function stopParticipation(
  memberId: number,
  token: string,
  tx?: DbOrTx,
): Promise<void> {
  const db = await dbOr(tx);
  const [member] = await db
    .select({ id: panelUsers.id, stopNonce: panelUsers.stopNonce })
    .from(panelUsers)
    .where(eq(panelUsers.id, memberId))
    .limit(1);
  if (!member || !stopTokenMatches(member, token)) throw new AppError(ErrorCode.STOP_FAILED);
  if (!(await removePanelUser(member.id, tx))) throw new AppError(ErrorCode.STOP_FAILED);
}

/**
 * POST /api/panel_user/unsubscribe (RFC 8058 one-click): leaving as through the stop link. Only a
 * wrong token counts toward the member's budget, and only after it was found wrong: the member's
 * id is in every mail and counts up, so a budget counted before the check would let anyone use
 * up a member's way out with made-up tokens. The token's 160 bits are what stops guessing.
 */
export async function stopByOneClick(memberId: number, token: string): Promise<void> {
  try {
    await stopParticipation(memberId, token);
  } catch (error) {
    if (error instanceof AppError && error.code === ErrorCode.STOP_FAILED) {
      await enforceRateLimits(oneClickLimitsPerMember(memberId));
    }
    throw error;
  }
}
