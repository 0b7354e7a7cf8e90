import "server-only";
import { Webhook } from "standardwebhooks";
import { z } from "zod";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { AppError } from "@/lib/errors/app-error";

/**
 * The mail provider's event notifications (webhooks). Resend signs them with the Standard
 * Webhooks scheme under Svix's header names: `svix-id`, `svix-timestamp` and `svix-signature`
 * (HMAC-SHA256 over `id.timestamp.body`, keyed with the base64 after `whsec_`). They map to the
 * library's `webhook-*` names exactly as the Resend SDK's own `webhooks.verify` does; that
 * method is not used because it needs an API key, which the events themselves do not.
 */

/** A verified notification: the provider's id for it and its JSON body. */
export type SignedEvent = { id: string; payload: unknown };

const signatureInvalid = () => new AppError(ErrorCode.WEBHOOK_SIGNATURE_INVALID);

/**
 * Checks the signature over the exact text received and the timestamp (at most five minutes
 * off, the library's tolerance). Anything missing, wrong or stale is 401 code 31, and so is
 * every call while no secret is configured. A signed body that is not JSON is code 22.
 */
export function verifyProviderEvent(
  rawBody: string,
  headers: Headers,
  secret: string | undefined,
): SignedEvent {
  if (!secret) throw signatureInvalid();
  const id = headers.get("svix-id") ?? "";
  try {
    new Webhook(secret).verify(
      rawBody,
      {
        "webhook-id": id,
        "webhook-timestamp": headers.get("svix-timestamp") ?? "",
        "webhook-signature": headers.get("svix-signature") ?? "",
      },
      // Parsed below, where a malformed body can be told apart from a bad signature.
      { jsonParse: false },
    );
  } catch {
    // WebhookVerificationError, or anything else the library meets in headers it cannot read.
    throw signatureInvalid();
  }
  try {
    return { id, payload: JSON.parse(rawBody) as unknown };
  } catch {
    throw new AppError(ErrorCode.INVALID_INPUT, { message: "The event is not JSON" });
  }
}

const recipients = z.array(z.string().trim().toLowerCase()).min(1);
const emailData = z.object({ email_id: z.string().optional(), to: recipients });

/** The events the panel acts on; every other type is accepted and ignored. */
export const providerEventSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("email.bounced"),
    created_at: z.string().optional(),
    data: emailData.extend({
      bounce: z.object({ type: z.string(), subType: z.string().optional() }),
    }),
  }),
  z.object({
    type: z.literal("email.suppressed"),
    created_at: z.string().optional(),
    data: emailData.extend({ suppressed: z.object({ type: z.string().optional() }).optional() }),
  }),
  z.object({
    type: z.literal("email.complained"),
    created_at: z.string().optional(),
    data: emailData,
  }),
]);
export type ProviderEvent = z.infer<typeof providerEventSchema>;

export const HANDLED_EVENT_TYPES: readonly string[] = [
  "email.bounced",
  "email.suppressed",
  "email.complained",
];

/**
 * The event if it is one the panel acts on, null for any other type; a handled type whose
 * fields are not as documented is code 22 (the provider then retries, and the failure shows in
 * its dashboard rather than being dropped unseen).
 */
export function parseProviderEvent(payload: unknown): ProviderEvent | null {
  const type = (payload as { type?: unknown } | null)?.type;
  if (typeof type !== "string" || !HANDLED_EVENT_TYPES.includes(type)) return null;
  const parsed = providerEventSchema.safeParse(payload);
  if (!parsed.success) {
    throw new AppError(ErrorCode.INVALID_INPUT, {
      message: `The ${type} event is missing fields the panel needs`,
    });
  }
  return parsed.data;
}
