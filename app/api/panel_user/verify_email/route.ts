import { route } from "@/lib/http/handler";
import { tokenLimitsPerClient } from "@/lib/panel/rate-limits";
import { verifyEmailSchema } from "@/lib/panel/schemas";
import { verifyEmail } from "@/lib/panel/verify";

export const dynamic = "force-dynamic";

export const POST = route(
  { auth: "none", body: verifyEmailSchema, rateLimit: tokenLimitsPerClient("verify") },
  async ({ body }) => {
    await verifyEmail(body.panel_user_id, body.verification_token);
    return {};
  },
);
