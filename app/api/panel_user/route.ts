import { otherMethods, route } from "@/lib/http/handler";
import { afterResponse } from "@/lib/deferred/after-response";
import { requestLocale } from "@/lib/i18n/request-locale";
import { sendSignupMail } from "@/lib/panel/member-mail-queue";
import { listPanelUsers } from "@/lib/panel/list";
import { signupBudget, signupLimitsPerAddress } from "@/lib/panel/rate-limits";
import { panelSignupSchema, panelUserListQuerySchema } from "@/lib/panel/schemas.shared";
import { signUp } from "@/lib/panel/signup";

export const dynamic = "force-dynamic";

/** Staff: one page of members (all, or verified, unverified or bounced ones), newest first. */
export const GET = route({ auth: "staff", query: panelUserListQuerySchema }, ({ query }) =>
  listPanelUsers(query.page, query.per_page, query.status),
);

/** Anyone: join the panel. The same `{}` for every valid address (see lib/panel/signup.ts). */
export const POST = route(
  {
    auth: "none",
    body: panelSignupSchema,
    rateLimit: signupBudget,
    limits: ({ body }) => signupLimitsPerAddress(body.email),
    countLimitsIn: "statement",
  },
  async ({ req, body, limits }) => {
    // Mails go out in the language the site was shown in when the person signed up.
    const mail = await signUp(body.email, requestLocale(req), undefined, undefined, limits);
    // Sent once the answer is out: the provider's time is neither waited for nor readable in
    // the answer's timing, and a provider outage leaves the mail to the retry, not the person.
    afterResponse("panel-mail", () => sendSignupMail(mail));
    return {};
  },
);

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
