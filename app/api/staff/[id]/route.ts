import { removeStaff, setStaffAdmin } from "@/lib/auth/staff-admin";
import { toStaffListItem } from "@/lib/auth/staff-list";
import { confirmPasswordSchema } from "@/lib/auth/schemas.shared";
import { updateStaffSchema } from "@/lib/auth/staff-schemas.shared";
import { idParamsSchema } from "@/lib/validation/common.shared";
import { otherMethods, route } from "@/lib/http/handler";

export const PUT = route(
  { auth: "admin", params: idParamsSchema, body: updateStaffSchema },
  async ({ params, body, user, session }) =>
    toStaffListItem(await setStaffAdmin(params.id, body, { user, sessionId: session.sessionId })),
);

export const DELETE = route(
  { auth: "admin", params: idParamsSchema, body: confirmPasswordSchema() },
  async ({ params, body, user }) => {
    await removeStaff(params.id, body, user);
    return {};
  },
);

export const { GET, POST, PATCH } = otherMethods("PUT", "DELETE");
