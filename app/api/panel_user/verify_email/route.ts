import { otherMethods, route } from "@/lib/http/handler";
import { panelLinkBudget } from "@/lib/panel/rate-limits";
import { verifyEmailSchema } from "@/lib/panel/schemas.shared";
import { verifyEmail } from "@/lib/panel/verify";

export const dynamic = "force-dynamic";

export const POST = route(
  { auth: "none", body: verifyEmailSchema, rateLimit: panelLinkBudget("verify") },
  async ({ body }) => {
    await verifyEmail(body.panel_user_id, body.verification_token);
    return {};
  },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
