import { otherMethods, route } from "@/lib/http/handler";
import { stopParticipation } from "@/lib/panel/leave";
import { panelLinkBudget } from "@/lib/panel/rate-limits";
import { stopParticipationSchema } from "@/lib/panel/schemas.shared";

export const dynamic = "force-dynamic";

export const POST = route(
  { auth: "none", body: stopParticipationSchema, rateLimit: panelLinkBudget("stop") },
  async ({ body }) => {
    await stopParticipation(body.panel_user_id, body.stop_token);
    return {};
  },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
