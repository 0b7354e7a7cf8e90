import "server-only";
import { logError } from "@/lib/log";
import { MailSendError, type MailTransport } from "@/lib/mail/types";
import { providerRetryDelayMs } from "@/lib/mail/backoff";
import { DEFAULT_RATE_LIMIT_PAUSE_MS, IN_PROGRESS_RETRY_MS } from "./policy";
import { INVALID_IDEMPOTENT_REQUEST, providerReason } from "./reasons";
import type { ClaimedBatch, ProviderOutcome } from "./types";

/**
 * Makes the provider call for a claimed batch (its recorded mails and key, permissive
 * validation) and says what the answer means. Nothing is written here: a sender that stops
 * right after this call leaves the batch recorded, and the next one resends it with its key.
 */
export async function callProvider(
  batch: ClaimedBatch,
  transport: MailTransport,
): Promise<ProviderOutcome> {
  try {
    const { results, rateLimit } = await transport.sendBatch(batch.messages, {
      idempotencyKey: batch.idempotencyKey,
    });
    return { kind: "accepted", results, rateLimit };
  } catch (error) {
    return classify(batch, error);
  }
}

function classify(batch: ClaimedBatch, error: unknown): ProviderOutcome {
  const fields = { batchId: batch.id, messageId: batch.messageId, attempt: batch.attempts };
  if (!(error instanceof MailSendError)) {
    logError("panel-message-delivery", error, fields);
    return {
      kind: "retry",
      reason: "Unexpected error while sending",
      delayMs: providerRetryDelayMs(batch.attempts),
      counts: true,
    };
  }
  const status = error.statusCode ?? null;
  const code = error.providerCode;
  if (status === 409 && code === "concurrent_idempotent_requests") {
    // The first request with this key is still being handled: it may well deliver the batch,
    // so this is never a failure. Ask again later with the same key.
    return {
      kind: "retry",
      reason: "The provider is still handling this batch",
      delayMs: IN_PROGRESS_RETRY_MS,
      counts: false,
    };
  }
  if (status === 409 && code === "invalid_idempotent_request") {
    // The recorded content changed under its key: a fault of ours, never expected. Loud.
    logError(
      "panel-message-delivery",
      new Error("The provider refused a resent batch as different from the first request"),
      { ...fields, providerCode: code, severity: "critical" },
    );
    return { kind: "failed", reason: INVALID_IDEMPOTENT_REQUEST };
  }
  if (status === 429) {
    const pause =
      error.retryAfterSeconds !== undefined
        ? Math.max(DEFAULT_RATE_LIMIT_PAUSE_MS, error.retryAfterSeconds * 1000)
        : DEFAULT_RATE_LIMIT_PAUSE_MS;
    return {
      kind: "retry",
      reason: "The provider's rate limit was reached",
      delayMs: pause,
      counts: false,
      pauseAllMs: pause,
    };
  }
  logError("panel-message-delivery", error, fields);
  if (status === null || status >= 500 || status === 401 || status === 403) {
    // An outage, a timeout or a rejected API key: worth retrying, within the bounded attempts.
    const reason =
      status === null
        ? "The provider could not be reached"
        : status >= 500
          ? `The provider failed (${status})`
          : "The provider refused the API key";
    return { kind: "retry", reason, delayMs: providerRetryDelayMs(batch.attempts), counts: true };
  }
  return {
    kind: "failed",
    reason: providerReason(`The provider refused the batch (${status} ${code ?? "error"})`),
  };
}
