import "server-only";
import type { BatchItemResult, MailMessage, ProviderRateLimit } from "@/lib/mail/types";

/** A recorded batch a sender holds the lease of, ready to be sent. */
export type ClaimedBatch = {
  id: number;
  messageId: number;
  idempotencyKey: string;
  /** The recorded mails, in the order of `deliveryIds`. */
  messages: MailMessage[];
  deliveryIds: number[];
  /** Counted provider calls so far, this one included. */
  attempts: number;
};

/** What the provider's answer means for a batch. */
export type ProviderOutcome =
  | { kind: "accepted"; results: BatchItemResult[]; rateLimit?: ProviderRateLimit }
  /**
   * Try again later with the same key; `counts` when it uses up one of the bounded attempts.
   * `pauseAllMs` holds every sender back (a 429); `retryAt` is when that pause ends, as the
   * database's clock put it, and the batch is due again exactly then.
   */
  | {
      kind: "retry";
      reason: string;
      delayMs: number;
      counts: boolean;
      pauseAllMs?: number;
      retryAt?: Date;
    }
  | { kind: "failed"; reason: string };

/** What a step changed, for the run's totals. */
export type Marked = { sent: number; failed: number };
