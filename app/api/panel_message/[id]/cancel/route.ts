import { otherMethods, route } from "@/lib/http/handler";
import { cancelScheduled } from "@/lib/mailings/schedule";
import { panelMessageParamsSchema } from "@/lib/mailings/schemas.shared";
import { toPanelMessageDto } from "@/lib/mailings/serialize";

export const dynamic = "force-dynamic";

/** Admin: a scheduled message becomes a draft again (409 code 18 when it is not scheduled). */
export const POST = route(
  { auth: "admin", params: panelMessageParamsSchema },
  async ({ params, user }) => toPanelMessageDto(await cancelScheduled(params.id, user)),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
