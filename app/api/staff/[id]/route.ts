import { removeStaff, setStaffAdmin } from "@/lib/auth/staff-admin";
import { toStaffListItem } from "@/lib/auth/staff-list";
import { updateStaffSchema } from "@/lib/auth/staff-schemas";
import { idParamsSchema } from "@/lib/validation";
import { otherMethods, route } from "@/lib/http/handler";

export const PUT = route(
  { auth: "admin", params: idParamsSchema, body: updateStaffSchema },
  async ({ params, body, user }) =>
    toStaffListItem(await setStaffAdmin(params.id, body.is_admin, user)),
);

export const DELETE = route({ auth: "admin", params: idParamsSchema }, async ({ params, user }) => {
  await removeStaff(params.id, user);
  return {};
});

export const { GET, POST, PATCH } = otherMethods("PUT", "DELETE");
