import { otherMethods, route } from "@/lib/http/handler";
import { deletePanelMember } from "@/lib/panel/leave";
import { idParamsSchema } from "@/lib/validation/common.shared";

export const dynamic = "force-dynamic";

/** Admin: removes a member for real, like leaving does. */
export const DELETE = route({ auth: "admin", params: idParamsSchema }, async ({ params, user }) => {
  await deletePanelMember(params.id, user);
  return {};
});

export const { GET, POST, PUT, PATCH } = otherMethods("DELETE");
