import "server-only";
import { eq, isNull, and, sql } from "drizzle-orm";
import { transaction, type DbOrTx } from "@/db/client";
import { mailProviderEvents, panelMessageDeliveries, panelMessages, panelUsers } from "@/db/schema";
import { recordAudit } from "@/lib/audit/record";
import type { ProviderEvent } from "@/lib/mail/provider-events";
import { bounceKindOf, markBounced } from "@/lib/panel/bounce";
import { removePanelUser } from "@/lib/panel/leave";

export type EventOutcome = "handled" | "replayed";

/**
 * Acts on one verified provider event, exactly once per event id: the id is recorded in the
 * same transaction as what the event changes, so a redelivery or a replay (however many at
 * once: they wait for the first one's transaction and then find the id taken) changes nothing.
 * An event of a type the panel ignores (`event` null) is recorded all the same.
 * - a permanent bounce, or a suppression: the member is marked `bounced` with the provider's
 *   sub-type (never its text), audited as `member_suppressed` with no actor, and the mail is
 *   counted as bounced on its panel message;
 * - a spam complaint: the member is removed from the panel, exactly as leaving does (and as a
 *   member's own act, nothing is written to the audit log);
 * - an address that is no member: nothing changes.
 */
export async function handleProviderEvent(
  eventId: string,
  event: ProviderEvent | null,
  tx?: DbOrTx,
): Promise<EventOutcome> {
  return transaction(tx, async (tx) => {
    const recorded = await tx
      .insert(mailProviderEvents)
      .values({ id: eventId })
      .onConflictDoNothing()
      .returning({ id: mailProviderEvents.id });
    if (recorded.length === 0) return "replayed";
    if (!event) return "handled";

    if (event.type === "email.complained") {
      for (const address of event.data.to) {
        const [member] = await tx
          .select({ id: panelUsers.id })
          .from(panelUsers)
          .where(eq(panelUsers.email, address));
        if (member) await removePanelUser(member.id, tx);
      }
      return "handled";
    }

    const permanent = event.type === "email.suppressed" || event.data.bounce.type === "Permanent";
    if (!permanent) return "handled";
    const kind = bounceKindOf(
      event.type === "email.bounced" ? event.data.bounce.subType : event.data.suppressed?.type,
    );
    if (event.data.email_id) await countBounce(tx, event.data.email_id);
    for (const address of event.data.to) {
      const memberId = await markBounced(address, kind, tx);
      if (memberId === null) continue;
      // Last: the audit row holds the log's head row until the transaction ends.
      await recordAudit(tx, {
        action: "member_suppressed",
        actor: null,
        target: { type: "panel_member", id: memberId },
        details: { reported_as: event.type === "email.bounced" ? "bounce" : "suppression" },
      });
    }
    return "handled";
  });
}

/** The panel message the bounced mail belonged to counts it, once per mail. */
async function countBounce(tx: DbOrTx, providerId: string): Promise<void> {
  const marked = await tx
    .update(panelMessageDeliveries)
    .set({ bouncedAt: new Date() })
    .where(
      and(
        eq(panelMessageDeliveries.providerId, providerId),
        isNull(panelMessageDeliveries.bouncedAt),
      ),
    )
    .returning({ messageId: panelMessageDeliveries.messageId });
  for (const { messageId } of marked) {
    await tx
      .update(panelMessages)
      .set({ bouncedCount: sql`${panelMessages.bouncedCount} + 1` })
      .where(eq(panelMessages.id, messageId));
  }
}
