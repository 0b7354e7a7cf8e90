import { afterResponse } from "@/lib/deferred/after-response";
import { otherMethods, route } from "@/lib/http/handler";
import { startDelivery, watchSchedule } from "@/lib/mailings/delivery/start";
import { queueMessage } from "@/lib/mailings/queue";
import { scheduleMessage } from "@/lib/mailings/schedule";
import { panelMessageParamsSchema, panelMessageSendSchema } from "@/lib/mailings/schemas.shared";
import { toPanelMessageDto } from "@/lib/mailings/serialize";

export const dynamic = "force-dynamic";
// Serverless hosts keep the function alive this long for the delivery run after the answer.
export const maxDuration = 60;

/**
 * Admin: queue the message for every verified member and start delivering at once, or with
 * `send_at` schedule it for then. With `version`, only that version of the draft goes out (409
 * code 27 once it was changed elsewhere).
 */
export const POST = route(
  { auth: "admin", params: panelMessageParamsSchema, body: panelMessageSendSchema },
  async ({ params, body, user }) => {
    if (body.send_at !== undefined) {
      const sendAt = new Date(body.send_at * 1000);
      const message = await scheduleMessage(params.id, sendAt, user, { version: body.version });
      watchSchedule();
      return toPanelMessageDto(message);
    }
    const message = await queueMessage(params.id, user, { version: body.version });
    startDelivery((work) => afterResponse("panel-message-delivery", work));
    return toPanelMessageDto(message);
  },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
