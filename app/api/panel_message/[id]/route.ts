import { otherMethods, route } from "@/lib/http/handler";
import { deleteMessage, updateMessage } from "@/lib/mailings/drafts";
import { messageDetail } from "@/lib/mailings/read";
import { panelMessageParamsSchema, panelMessageUpdateSchema } from "@/lib/mailings/schemas.shared";
import { toPanelMessageDto } from "@/lib/mailings/serialize";

export const dynamic = "force-dynamic";

/** Staff: one message, with the estimate (draft) or the failure reasons (once queued). */
export const GET = route({ auth: "staff", params: panelMessageParamsSchema }, ({ params }) =>
  messageDetail(params.id),
);

/** Staff: change a draft's subject and/or body (409 code 16 once queued). */
export const PUT = route(
  { auth: "staff", params: panelMessageParamsSchema, body: panelMessageUpdateSchema },
  async ({ params, body }) => toPanelMessageDto(await updateMessage(params.id, body)),
);

/** Staff: delete a draft (409 code 17 once queued). */
export const DELETE = route(
  { auth: "staff", params: panelMessageParamsSchema },
  async ({ params, user }) => {
    await deleteMessage(params.id, user);
    return {};
  },
);

export const { POST, PATCH } = otherMethods("GET", "PUT", "DELETE");
