import { otherMethods, route } from "@/lib/http/handler";
import { deleteResponse } from "@/lib/responses/lookup";
import { responseTokenBudget } from "@/lib/responses/rate-limits";
import { responseTokenSchema } from "@/lib/responses/schemas.shared";

export const dynamic = "force-dynamic";

export const POST = route(
  { auth: "none", body: responseTokenSchema, rateLimit: responseTokenBudget },
  async ({ body }) => {
    await deleteResponse(body.token);
    return {};
  },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
