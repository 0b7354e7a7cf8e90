import { Resend } from "resend";
import { MailSendError, type MailMessage, type MailTransport } from "../types";

type ResendError = { name?: string; message?: string; statusCode?: number | null } | null;

function retryAfter(headers: Record<string, string> | null | undefined): number | undefined {
  const value = headers?.["retry-after"];
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - Date.now()) / 1000);
}

function toError(
  error: NonNullable<ResendError>,
  headers?: Record<string, string> | null,
): MailSendError {
  const status = error.statusCode ?? null;
  // Rate limits, provider faults and network failures (no status) are worth retrying.
  const retryable = status === null || status === 429 || status >= 500;
  return new MailSendError(`Resend: ${error.name ?? "error"}: ${error.message ?? ""}`, {
    retryable,
    statusCode: status,
    retryAfterSeconds: retryAfter(headers),
  });
}

function payload(from: string, m: MailMessage) {
  return { from, to: [m.to], subject: m.subject, html: m.html, text: m.text, headers: m.headers };
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
        });
      } catch (e) {
        throw new MailSendError(`Resend request failed: ${(e as Error).message}`, { retryable: true });
      }
      if (result.error) throw toError(result.error, result.headers);
      return { id: result.data?.id ?? null };
    },
    async sendBatch(messages, options) {
      if (messages.length === 0) return [];
      let result;
      try {
        result = await resend.batch.send(
          messages.map((m) => payload(o.from, m)),
          { idempotencyKey: options?.idempotencyKey },
        );
      } catch (e) {
        throw new MailSendError(`Resend request failed: ${(e as Error).message}`, { retryable: true });
      }
      if (result.error) throw toError(result.error, result.headers);
      const ids = result.data?.data ?? [];
      return messages.map((_, i) => ({ id: ids[i]?.id ?? null }));
    },
  };
}
