import { randomUUID } from "node:crypto";
import { POST as webhookRoute } from "@/app/api/webhooks/resend/route";
import { call, type CallResult } from "./http";
import { svixHeaders as signed } from "./svix";

/** The secret the test environment configures (vitest.config.ts). */
export function webhookSecret(): string {
  const secret = process.env.RESEND_WEBHOOK_SECRET;
  if (!secret) throw new Error("RESEND_WEBHOOK_SECRET is not set for the tests");
  return secret;
}

/** Signed as the provider signs, with the test environment's secret unless told otherwise. */
export function svixHeaders(
  body: string,
  o: { id?: string; timestamp?: number; secret?: string } = {},
): Record<string, string> {
  return signed(body, o.secret ?? webhookSecret(), o);
}

type EmailEventData = { email_id?: string; to: string[]; [field: string]: unknown };

/** An event body as Resend sends it. */
export function providerEvent(type: string, data: EmailEventData): Record<string, unknown> {
  return {
    type,
    created_at: new Date().toISOString(),
    data: {
      created_at: new Date().toISOString(),
      email_id: randomUUID(),
      from: "Onderzoekspanel <panel@example.org>",
      subject: "Nieuw onderzoek",
      ...data,
    },
  };
}

export const bounce = (to: string, o: { type?: string; subType?: string; emailId?: string } = {}) =>
  providerEvent("email.bounced", {
    to: [to],
    ...(o.emailId ? { email_id: o.emailId } : {}),
    bounce: {
      type: o.type ?? "Permanent",
      subType: o.subType ?? "General",
      message: `The recipient's mail server permanently rejected the email sent to ${to}.`,
    },
  });

export const suppressed = (to: string, emailId?: string) =>
  providerEvent("email.suppressed", {
    to: [to],
    ...(emailId ? { email_id: emailId } : {}),
    suppressed: {
      type: "OnAccountSuppressionList",
      message: `${to} is on the suppression list because it bounced before.`,
    },
  });

export const complaint = (to: string) => providerEvent("email.complained", { to: [to] });

/**
 * Posts an event to the webhook route as the provider does: from its own servers (no Origin),
 * signed unless `headers` replaces the signature headers.
 */
export function postEvent(
  event: unknown,
  o: { id?: string; timestamp?: number; secret?: string; headers?: Record<string, string> } = {},
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test bodies are asserted field by field
): Promise<CallResult<any>> {
  const body = JSON.stringify(event);
  return call(webhookRoute, {
    path: "/api/webhooks/resend",
    rawBody: body,
    origin: null,
    headers: o.headers ?? svixHeaders(body, o),
  });
}
