import "server-only";
import { and, eq } from "drizzle-orm";
import { dbOr, transaction, type DbOrTx } from "@/db/client";
import { panelUsers } from "@/db/schema";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { AppError } from "@/lib/errors/app-error";
import { recordAudit, type AuditActor } from "@/lib/audit/record";
import { logError } from "@/lib/log";
import { getMailTransport } from "@/lib/mail";
import type { PanelUserDto } from "./schemas.shared";
import { toPanelUserDto } from "./serialize";

/** The longest provider sub-type kept; anything longer is not a sub-type. */
const MAX_KIND_LENGTH = 64;

/**
 * A provider's sub-type fit to store and show: a short word or two ("Suppressed",
 * "MessageTooLarge", "On account suppression list"). Anything else, such as a message that
 * could quote an address, becomes "unknown".
 */
export function bounceKindOf(value: unknown): string {
  if (typeof value !== "string") return "unknown";
  const kind = value.trim();
  return kind.length > 0 && kind.length <= MAX_KIND_LENGTH && /^[A-Za-z0-9 _.-]+$/.test(kind)
    ? kind
    : "unknown";
}

/**
 * Marks the member with this address `bounced` (the provider reported a permanent bounce or
 * suppressed it), unless they already are. Returns the member's id when this changed them,
 * null for an unknown address or a member already marked.
 */
export async function markBounced(address: string, kind: string, tx?: DbOrTx) {
  const db = await dbOr(tx);
  const [member] = await db
    .update(panelUsers)
    .set({ deliveryStatus: "bounced", bounceKind: kind, bouncedAt: new Date() })
    .where(and(eq(panelUsers.email, address), eq(panelUsers.deliveryStatus, "ok")))
    .returning({ id: panelUsers.id });
  return member?.id ?? null;
}

/** The member's address may be mailed again: `bounced` and its kind are cleared. */
export async function clearBounced(memberId: number, tx?: DbOrTx): Promise<boolean> {
  const db = await dbOr(tx);
  const cleared = await db
    .update(panelUsers)
    .set({ deliveryStatus: "ok", bounceKind: null, bouncedAt: null })
    .where(and(eq(panelUsers.id, memberId), eq(panelUsers.deliveryStatus, "bounced")))
    .returning({ id: panelUsers.id });
  return cleared.length > 0;
}

/**
 * Takes the address off the provider's suppression list. `required`: a failure refuses the
 * caller's action (503 code 13, nothing changed); otherwise it is logged and the caller goes on
 * (a member who proved their mailbox works by verifying is not kept from the panel by it).
 */
export async function liftSuppression(
  address: string,
  memberId: number,
  o: { required: boolean },
): Promise<void> {
  try {
    await getMailTransport().liftSuppression(address);
  } catch (error) {
    logError("panel-bounce", error, { memberId });
    if (o.required) {
      throw new AppError(ErrorCode.UNKNOWN, {
        kind: "unavailable",
        message: "The mail service could not be reached; nothing was changed, try again later",
      });
    }
  }
}

/**
 * POST /api/panel_user/{id}/clear_bounce (staff): the provider's suppression is lifted first
 * (or the next mail would be suppressed again and the member marked again), then the member's
 * `bounced` is cleared, audited as `member_bounce_cleared` in the same transaction. A member
 * who is not bounced is answered unchanged; an unknown one is 404 code 14.
 */
export async function clearBounce(
  memberId: number,
  actor: AuditActor,
  tx?: DbOrTx,
): Promise<PanelUserDto> {
  const db = await dbOr(tx);
  const [member] = await db.select().from(panelUsers).where(eq(panelUsers.id, memberId));
  if (!member) throw new AppError(ErrorCode.NOT_FOUND);
  if (member.deliveryStatus !== "bounced") return toPanelUserDto(member);
  await liftSuppression(member.email, member.id, { required: true });
  return transaction(tx, async (tx) => {
    if (await clearBounced(memberId, tx)) {
      await recordAudit(tx, {
        action: "member_bounce_cleared",
        actor,
        target: { type: "panel_member", id: memberId },
      });
    }
    const [row] = await tx.select().from(panelUsers).where(eq(panelUsers.id, memberId));
    if (!row) throw new AppError(ErrorCode.NOT_FOUND);
    return toPanelUserDto(row);
  });
}
