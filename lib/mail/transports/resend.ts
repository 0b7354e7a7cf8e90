import "server-only";
import { Resend } from "resend";
import {
  MailSendError,
  type BatchItemResult,
  type MailMessage,
  type MailTransport,
  type ProviderRateLimit,
} from "../types";

type ResendError = { name?: string; message?: string; statusCode?: number | null } | null;
type Headers = Record<string, string> | null | undefined;

/**
 * A provider call that hangs would hold its mails until their lease runs out; after this long the
 * request counts as failed and is retried (with the same idempotency key, so never sent twice).
 */
const REQUEST_TIMEOUT_MS = 20_000;

function seconds(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const n = Number(value);
  if (Number.isFinite(n) && n >= 0) return n;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - Date.now()) / 1000);
}

/** Retry-After, or for a rate limit without it, the time until the provider's window resets. */
function retryAfter(headers: Headers, status: number | null): number | undefined {
  const explicit = seconds(headers?.["retry-after"]);
  if (explicit !== undefined || status !== 429) return explicit;
  return seconds(headers?.["ratelimit-reset"]);
}

function rateLimitOf(headers: Headers): ProviderRateLimit | undefined {
  const remaining = Number(headers?.["ratelimit-remaining"]);
  const resetSeconds = seconds(headers?.["ratelimit-reset"]);
  if (
    !headers?.["ratelimit-remaining"] ||
    !Number.isFinite(remaining) ||
    resetSeconds === undefined
  )
    return undefined;
  const limit = Number(headers?.["ratelimit-limit"]);
  return { remaining, resetSeconds, ...(limit > 0 ? { limit } : {}) };
}

function toError(error: NonNullable<ResendError>, headers?: Headers): MailSendError {
  const status = error.statusCode ?? null;
  // Rate limits, provider faults, network failures (no status) and a request with the same key
  // still being processed are worth retrying; anything else was refused for good.
  const retryable =
    status === null ||
    status === 429 ||
    status >= 500 ||
    (status === 409 && error.name === "concurrent_idempotent_requests");
  return new MailSendError(`Resend: ${error.name ?? "error"}: ${error.message ?? ""}`, {
    retryable,
    statusCode: status,
    retryAfterSeconds: retryAfter(headers, status),
    providerCode: error.name,
  });
}

function payload(from: string, m: MailMessage) {
  return {
    from: m.from ?? from,
    to: [m.to],
    subject: m.subject,
    html: m.html,
    text: m.text,
    headers: m.headers,
  };
}

type PermissiveBody = {
  data?: { id?: string }[];
  errors?: { index?: number; message?: string }[];
};

/**
 * In permissive mode the provider lists the mails it created in `data`, in request order but
 * without the refused ones, and the refused ones by index in `errors`; so ids are paired with
 * the indexes that have no error, never simply by position.
 */
function perIndex(count: number, body: PermissiveBody | null | undefined): BatchItemResult[] {
  const refused = new Map<number, string>();
  for (const e of body?.errors ?? []) {
    if (typeof e.index === "number" && e.index >= 0 && e.index < count) {
      refused.set(e.index, e.message || "refused by the provider");
    }
  }
  const ids = (body?.data ?? []).map((d) => d.id ?? null);
  // If the counts disagree the pairing is unknowable; the mails were accepted all the same.
  const paired = ids.length === count - refused.size;
  let next = 0;
  const results: BatchItemResult[] = [];
  for (let i = 0; i < count; i++) {
    const error = refused.get(i);
    if (error !== undefined) results.push({ id: null, error });
    else results.push({ id: paired ? ids[next++] : null });
  }
  return results;
}

/** Production transport through the official Resend SDK (base URL overridable for tests). */
export function createResendTransport(o: {
  apiKey: string;
  baseUrl?: string;
  from: string;
}): MailTransport {
  const resend = new Resend(o.apiKey, o.baseUrl ? { baseUrl: o.baseUrl } : undefined);
  return {
    kind: "resend",
    async send(message, options) {
      let result;
      try {
        result = await resend.emails.send(payload(o.from, message), {
          idempotencyKey: options?.idempotencyKey,
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
      } catch (e) {
        throw new MailSendError(`Resend request failed: ${(e as Error).message}`, {
          retryable: true,
        });
      }
      if (result.error) throw toError(result.error, result.headers);
      return { id: result.data?.id ?? null };
    },
    async sendBatch(messages, options) {
      if (messages.length === 0) return { results: [] };
      let result;
      try {
        // Permissive: one refused address fails only its own mail, not the other 99.
        result = await resend.batch.send(
          messages.map((m) => payload(o.from, m)),
          {
            idempotencyKey: options?.idempotencyKey,
            batchValidation: "permissive",
            signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
          },
        );
      } catch (e) {
        throw new MailSendError(`Resend request failed: ${(e as Error).message}`, {
          retryable: true,
        });
      }
      if (result.error) throw toError(result.error, result.headers);
      return {
        results: perIndex(messages.length, result.data as PermissiveBody),
        rateLimit: rateLimitOf(result.headers),
      };
    },
    async liftSuppression(address) {
      let result;
      try {
        result = await resend.suppressions.remove(address, {
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
      } catch (e) {
        throw new MailSendError(`Resend request failed: ${(e as Error).message}`, {
          retryable: true,
        });
      }
      // Not on the list: there is nothing to lift.
      if (result.error && result.error.statusCode !== 404) throw toError(result.error);
    },
  };
}
