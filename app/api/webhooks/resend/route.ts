import { z } from "zod";
import { getConfig } from "@/config";
import { otherMethods, route } from "@/lib/http/handler";
import { parseProviderEvent, verifyProviderEvent } from "@/lib/mail/provider-events";
import { handleProviderEvent } from "@/lib/mailings/events/handle";

export const dynamic = "force-dynamic";

/**
 * The mail provider's event notifications (bounces, suppressions, spam complaints). Called by
 * the provider's servers, not a browser, so there is no Origin: the signature over the raw body
 * is the credential (401 code 31 without a valid one, and nothing changes).
 */
export const POST = route(
  { auth: "none", allowCrossOrigin: true, bodyKind: "text", body: z.string() },
  async ({ req, body }) => {
    const signed = verifyProviderEvent(body, req.headers, getConfig().mail.webhookSecret);
    await handleProviderEvent(signed.id, parseProviderEvent(signed.payload));
    return {};
  },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
