import "server-only";
import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import { transaction, type DbOrTx } from "@/db/client";
import {
  panelMessageBatches,
  panelMessageDeliveries,
  panelMessages,
  panelUsers,
} from "@/db/schema";
import { getConfig } from "@/config";
import { mailBodyHtml } from "../content";
import { memberMail } from "../render";
import { failBatch } from "./fail";
import { decodePayload, encodePayload } from "./payload";
import { BATCH_LEASE_MS, BATCH_SIZE, IDEMPOTENCY_WINDOW_MS } from "./policy";
import { MEMBER_BOUNCED, MEMBER_LEFT, PAYLOAD_MISSING, UNKNOWN_AFTER_WINDOW } from "./reasons";
import type { ClaimedBatch } from "./types";

export type ClaimResult =
  /** `failed`: deliveries of members who had left, settled on the way. */
  | { kind: "batch"; batch: ClaimedBatch; failed: number }
  /** Something was settled (a left member, an expired batch) but there is no batch to send. */
  | { kind: "settled"; failed: number }
  | { kind: "none" };

const leaseEnd = () => sql`now() + make_interval(secs => ${BATCH_LEASE_MS / 1000}::float8)`;
const windowStart = () =>
  sql`now() - make_interval(secs => ${IDEMPOTENCY_WINDOW_MS / 1000}::float8)`;
const unleased = () =>
  or(isNull(panelMessageBatches.lockedUntil), lt(panelMessageBatches.lockedUntil, sql`now()`));

/**
 * Recorded batches whose outcome is still unknown after the provider has forgotten their key
 * are failed, never sent blind: a resend could reach the members a second time.
 */
export async function failExpiredBatches(tx?: DbOrTx): Promise<number> {
  return transaction(tx, async (tx) => {
    const expired = await tx
      .select({ id: panelMessageBatches.id, messageId: panelMessageBatches.messageId })
      .from(panelMessageBatches)
      .where(
        and(
          eq(panelMessageBatches.status, "pending"),
          lt(panelMessageBatches.createdAt, windowStart()),
          unleased(),
        ),
      )
      .for("update", { skipLocked: true });
    let failed = 0;
    for (const batch of expired) failed += await failBatch(tx, batch, UNKNOWN_AFTER_WINDOW);
    return failed;
  });
}

/**
 * A recorded batch that is due again (a retry, or a sender died holding it), taken with a new
 * lease. It is sent exactly as recorded: same mails, same order, same key.
 */
async function claimRecordedBatch(tx?: DbOrTx): Promise<ClaimResult> {
  return transaction(tx, async (tx) => {
    const [row] = await tx
      .select({
        id: panelMessageBatches.id,
        messageId: panelMessageBatches.messageId,
        idempotencyKey: panelMessageBatches.idempotencyKey,
        payload: panelMessageBatches.payload,
        expired: sql<boolean>`${panelMessageBatches.createdAt} < ${windowStart()}`,
      })
      .from(panelMessageBatches)
      .where(
        and(
          eq(panelMessageBatches.status, "pending"),
          lte(panelMessageBatches.nextAttemptAt, sql`now()`),
          unleased(),
        ),
      )
      .orderBy(asc(panelMessageBatches.nextAttemptAt), asc(panelMessageBatches.id))
      .limit(1)
      .for("update", { skipLocked: true });
    if (!row) return { kind: "none" };
    if (row.expired) {
      return { kind: "settled", failed: await failBatch(tx, row, UNKNOWN_AFTER_WINDOW) };
    }
    const deliveries = await tx
      .select({ id: panelMessageDeliveries.id })
      .from(panelMessageDeliveries)
      .where(eq(panelMessageDeliveries.batchId, row.id))
      .orderBy(asc(panelMessageDeliveries.id));
    const messages = row.payload ? decodePayload(row.payload) : [];
    if (messages.length === 0 || messages.length !== deliveries.length) {
      return { kind: "settled", failed: await failBatch(tx, row, PAYLOAD_MISSING) };
    }
    const [leased] = await tx
      .update(panelMessageBatches)
      .set({ lockedUntil: leaseEnd(), attempts: sql`${panelMessageBatches.attempts} + 1` })
      .where(eq(panelMessageBatches.id, row.id))
      .returning({ attempts: panelMessageBatches.attempts });
    return {
      kind: "batch",
      failed: 0,
      batch: {
        id: row.id,
        messageId: row.messageId,
        idempotencyKey: row.idempotencyKey,
        messages,
        deliveryIds: deliveries.map((d) => d.id),
        attempts: leased.attempts,
      },
    };
  });
}

/**
 * Up to 100 pending deliveries of one message, rendered and recorded as a new batch with its
 * own idempotency key, all in one transaction, before anything is sent. `SKIP LOCKED` lets
 * parallel senders take different rows. Deliveries of members who have left since the message
 * was queued, or whose address has bounced since, are failed here: they get nothing.
 */
async function claimNewBatch(tx?: DbOrTx): Promise<ClaimResult> {
  return transaction(tx, async (tx) => {
    const rows = await tx
      .select({
        id: panelMessageDeliveries.id,
        messageId: panelMessageDeliveries.messageId,
        panelUserId: panelMessageDeliveries.panelUserId,
      })
      .from(panelMessageDeliveries)
      .where(
        and(eq(panelMessageDeliveries.status, "pending"), isNull(panelMessageDeliveries.batchId)),
      )
      .orderBy(asc(panelMessageDeliveries.messageId), asc(panelMessageDeliveries.id))
      .limit(BATCH_SIZE)
      .for("update", { skipLocked: true });
    if (rows.length === 0) return { kind: "none" };

    // One message per batch: rows of a next message are left for the next claim.
    const messageId = rows[0].messageId;
    const mine = rows.filter((r) => r.messageId === messageId);
    const memberIds = mine.flatMap((r) => (r.panelUserId === null ? [] : [r.panelUserId]));
    const members =
      memberIds.length === 0
        ? []
        : await tx
            .select({
              id: panelUsers.id,
              email: panelUsers.email,
              locale: panelUsers.locale,
              stopNonce: panelUsers.stopNonce,
              deliveryStatus: panelUsers.deliveryStatus,
            })
            .from(panelUsers)
            .where(inArray(panelUsers.id, memberIds));
    const byId = new Map(members.map((m) => [m.id, m]));
    const present = mine.filter(
      (r) => r.panelUserId !== null && byId.get(r.panelUserId)?.deliveryStatus === "ok",
    );
    const bounced = mine.filter(
      (r) => r.panelUserId !== null && byId.get(r.panelUserId)?.deliveryStatus === "bounced",
    );
    const gone = mine.filter((r) => r.panelUserId === null || !byId.has(r.panelUserId));

    const [message] = await tx
      .select({
        subject: panelMessages.subject,
        body: panelMessages.body,
        status: panelMessages.communicationStatus,
      })
      .from(panelMessages)
      .where(eq(panelMessages.id, messageId));
    // Written only when it changes: the row is also locked while another batch's outcome is
    // being recorded, and a claim need not wait for that.
    if (message.status === "queued") {
      await tx
        .update(panelMessages)
        .set({ communicationStatus: "sending" })
        .where(
          and(eq(panelMessages.id, messageId), eq(panelMessages.communicationStatus, "queued")),
        );
    }
    for (const [rows, reason] of [
      [gone, MEMBER_LEFT],
      [bounced, MEMBER_BOUNCED],
    ] as const) {
      if (rows.length === 0) continue;
      await tx
        .update(panelMessageDeliveries)
        .set({ status: "failed", lastError: reason })
        .where(
          inArray(
            panelMessageDeliveries.id,
            rows.map((r) => r.id),
          ),
        );
      await tx
        .update(panelMessages)
        .set({ failedCount: sql`${panelMessages.failedCount} + ${rows.length}` })
        .where(eq(panelMessages.id, messageId));
    }
    const skipped = gone.length + bounced.length;
    if (present.length === 0) return { kind: "settled", failed: skipped };

    const { appUrl, mail } = getConfig();
    const content = { subject: message.subject, bodyHtml: mailBodyHtml(message.body, appUrl) };
    const payload = encodePayload(
      present.map((r) => memberMail(byId.get(r.panelUserId!)!, content, mail.from)),
    );
    const idempotencyKey = `panel-message-${messageId}-${randomUUID()}`;
    const [batch] = await tx
      .insert(panelMessageBatches)
      .values({ messageId, idempotencyKey, payload, attempts: 1, lockedUntil: leaseEnd() })
      .returning({ id: panelMessageBatches.id });
    await tx
      .update(panelMessageDeliveries)
      .set({ batchId: batch.id })
      .where(
        inArray(
          panelMessageDeliveries.id,
          present.map((r) => r.id),
        ),
      );
    return {
      kind: "batch",
      failed: skipped,
      batch: {
        id: batch.id,
        messageId,
        idempotencyKey,
        // What was recorded, read back: the first request is byte for byte what a retry sends.
        messages: decodePayload(payload),
        deliveryIds: present.map((r) => r.id),
        attempts: 1,
      },
    };
  });
}

/**
 * The next batch to send, with a lease: a recorded batch that is due again comes first, else
 * a new one is recorded from pending deliveries.
 */
export async function claimNextBatch(tx?: DbOrTx): Promise<ClaimResult> {
  const recorded = await claimRecordedBatch(tx);
  return recorded.kind === "none" ? claimNewBatch(tx) : recorded;
}
