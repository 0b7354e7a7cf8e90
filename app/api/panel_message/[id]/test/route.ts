import { requestLocale } from "@/lib/i18n/request-locale";
import { otherMethods, route } from "@/lib/http/handler";
import { panelMessageParamsSchema, panelMessageTestSchema } from "@/lib/mailings/schemas.shared";
import { sendTestMail, TEST_MAILS_PER_HOUR } from "@/lib/mailings/test-mail";

export const dynamic = "force-dynamic";

/**
 * Staff: the draft to the signed-in staff member only, the fixed parts in the language of the
 * page it was asked from; at most 10 an hour each. With `version`, only that version of the
 * draft (409 code 27 once it was changed elsewhere).
 */
export const POST = route(
  {
    auth: "staff",
    params: panelMessageParamsSchema,
    body: panelMessageTestSchema,
    limits: ({ user }) => [
      {
        feature: "panel-message-test",
        subject: String(user.id),
        limit: TEST_MAILS_PER_HOUR,
        windowSeconds: 3600,
      },
    ],
  },
  async ({ req, params, body, user }) => {
    await sendTestMail(params.id, user, requestLocale(req), { version: body.version });
    return {};
  },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
