import { createHmac, randomUUID } from "node:crypto";

/**
 * The headers Resend sends with an event, made as its Svix signing does, independently of the
 * library the app verifies with: HMAC-SHA256 over `id.timestamp.body`, keyed with the base64
 * after `whsec_`, sent base64 as `v1,<signature>`. No app imports: Playwright specs use it too.
 */
export function svixHeaders(
  body: string,
  secret: string,
  o: { id?: string; timestamp?: number } = {},
): Record<string, string> {
  const id = o.id ?? `msg_${randomUUID().replaceAll("-", "")}`;
  const timestamp = String(o.timestamp ?? Math.floor(Date.now() / 1000));
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const signature = createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64");
  return {
    "svix-id": id,
    "svix-timestamp": timestamp,
    "svix-signature": `v1,${signature}`,
    "content-type": "application/json",
  };
}

/** The webhook secret of the e2e servers. */
export const E2E_WEBHOOK_SECRET = `whsec_${Buffer.alloc(24, 5).toString("base64")}`;
