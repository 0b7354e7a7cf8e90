import { afterResponse } from "@/lib/deferred/after-response";
import { otherMethods, route } from "@/lib/http/handler";
import { startDelivery } from "@/lib/mailings/delivery/start";
import { queueMessage } from "@/lib/mailings/queue";
import { panelMessageParamsSchema } from "@/lib/mailings/schemas";
import { toPanelMessageDto } from "@/lib/mailings/serialize";

export const dynamic = "force-dynamic";
// Serverless hosts keep the function alive this long for the delivery run after the answer.
export const maxDuration = 60;

/** Admin: queue the message for every verified member and start delivering at once. */
export const POST = route(
  { auth: "admin", params: panelMessageParamsSchema },
  async ({ params }) => {
    const message = await queueMessage(params.id);
    startDelivery((work) => afterResponse("panel-message-delivery", work));
    return toPanelMessageDto(message);
  },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
