import { otherMethods, route } from "@/lib/http/handler";
import { lookupResponse } from "@/lib/responses/lookup";
import { responseTokenBudget } from "@/lib/responses/rate-limits";
import { responseTokenSchema } from "@/lib/responses/schemas.shared";

export const dynamic = "force-dynamic";

// The token travels in the body (never in a URL, where logs and history would keep it).
export const POST = route(
  { auth: "none", body: responseTokenSchema, rateLimit: responseTokenBudget },
  async ({ body }) => lookupResponse(body.token),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
