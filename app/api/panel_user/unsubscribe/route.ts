import { otherMethods, route } from "@/lib/http/handler";
import { siteUrlWithFragment } from "@/lib/links/site-url";
import { stopByOneClick } from "@/lib/panel/leave";
import { oneClickBudget } from "@/lib/panel/rate-limits";
import { oneClickBodySchema, stopParticipationSchema } from "@/lib/panel/schemas.shared";

export const dynamic = "force-dynamic";

/**
 * RFC 8058 one-click target of the List-Unsubscribe header. Mail clients POST here from their own
 * servers without an Origin, so the stop token in the query is the only credential (as in the
 * stop link). A GET changes nothing itself: it sends a person who opened the address in a
 * browser to the stop-participation page, the same page the mail's own stop link opens, with
 * the id and token moved to the fragment (the browser keeps it, no server log sees it).
 */
export const POST = route(
  {
    auth: "none",
    allowCrossOrigin: true,
    query: stopParticipationSchema,
    body: oneClickBodySchema,
    bodyKind: "form",
    rateLimit: oneClickBudget,
  },
  async ({ query }) => {
    await stopByOneClick(query.panel_user_id, query.stop_token);
    return {};
  },
);

export const GET = route({ auth: "none" }, ({ req }) => {
  const from = new URL(req.url).searchParams;
  const params: Record<string, string> = {};
  for (const key of ["panel_user_id", "stop_token"]) {
    const value = from.get(key);
    if (value) params[key] = value.slice(0, 200);
  }
  return new Response(null, {
    status: 303,
    headers: {
      location: siteUrlWithFragment("/stop-participation", params),
      "cache-control": "no-store",
    },
  });
});

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
