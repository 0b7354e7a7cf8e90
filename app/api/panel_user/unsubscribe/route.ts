import { route } from "@/lib/http/handler";
import { stopParticipation } from "@/lib/panel/leave";
import { tokenLimitsPerClient } from "@/lib/panel/rate-limits";
import { oneClickBodySchema, stopParticipationSchema } from "@/lib/panel/schemas";

export const dynamic = "force-dynamic";

/**
 * RFC 8058 one-click target of the List-Unsubscribe header. Mail clients POST here from their own
 * servers without an Origin, so the stop token in the query is the only credential (as in the
 * stop link). A GET does nothing: link scanners must not unsubscribe anyone.
 */
export const POST = route(
  {
    auth: "none",
    allowCrossOrigin: true,
    query: stopParticipationSchema,
    body: oneClickBodySchema,
    bodyKind: "form",
    rateLimit: tokenLimitsPerClient("unsubscribe"),
  },
  async ({ query }) => {
    await stopParticipation(query.panel_user_id, query.stop_token);
    return {};
  },
);
