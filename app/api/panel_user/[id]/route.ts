import { route } from "@/lib/http/handler";
import { ErrorCode } from "@/lib/http/error-codes";
import { AppError } from "@/lib/http/errors";
import { removePanelUser } from "@/lib/panel/leave";
import { panelUserParamsSchema } from "@/lib/panel/schemas";

export const dynamic = "force-dynamic";

/** Admin: removes a member for real, like leaving does. */
export const DELETE = route({ auth: "admin", params: panelUserParamsSchema }, async ({ params }) => {
  if (!(await removePanelUser(params.id))) throw new AppError(ErrorCode.NOT_FOUND);
  return {};
});
