import { otherMethods, route } from "@/lib/http/handler";
import { ErrorCode } from "@/lib/errors/codes";
import { AppError } from "@/lib/errors/app-error";
import { removePanelUser } from "@/lib/panel/leave";
import { idParamsSchema } from "@/lib/validation";

export const dynamic = "force-dynamic";

/** Admin: removes a member for real, like leaving does. */
export const DELETE = route({ auth: "admin", params: idParamsSchema }, async ({ params }) => {
  if (!(await removePanelUser(params.id))) throw new AppError(ErrorCode.NOT_FOUND);
  return {};
});

export const { GET, POST, PUT, PATCH } = otherMethods("DELETE");
