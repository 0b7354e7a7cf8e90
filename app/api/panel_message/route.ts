import { otherMethods, route } from "@/lib/http/handler";
import { createMessage } from "@/lib/mailings/drafts";
import { listMessages } from "@/lib/mailings/read";
import { panelMessageCreateSchema } from "@/lib/mailings/schemas.shared";
import { toPanelMessageDto } from "@/lib/mailings/serialize";

export const dynamic = "force-dynamic";

/** Staff: every panel message, newest first. */
export const GET = route({ auth: "staff" }, () => listMessages());

/** Staff: a new draft ('new message' unless a subject is given). */
export const POST = route({ auth: "staff", body: panelMessageCreateSchema }, async ({ body }) =>
  toPanelMessageDto(await createMessage(body)),
);

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
