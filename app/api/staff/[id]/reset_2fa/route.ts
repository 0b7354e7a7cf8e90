import { confirmPasswordSchema } from "@/lib/auth/schemas.shared";
import { resetStaffTwoFactor } from "@/lib/auth/staff-admin";
import { toStaffListItem } from "@/lib/auth/staff-list";
import { otherMethods, route } from "@/lib/http/handler";
import { idParamsSchema } from "@/lib/validation/common.shared";

export const POST = route(
  { auth: "admin", params: idParamsSchema, body: confirmPasswordSchema() },
  async ({ params, body, user, session }) =>
    toStaffListItem(
      await resetStaffTwoFactor(params.id, body, { user, sessionId: session.sessionId }),
    ),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
