import { otherMethods, route } from "@/lib/http/handler";
import { submitBudget } from "@/lib/responses/rate-limits";
import { submitResponse } from "@/lib/responses/submit";
import { submitAnswersSchema } from "@/lib/surveys/answers.shared";
import { surveyUuidParamsSchema } from "@/lib/surveys/params";

export const dynamic = "force-dynamic";

// Anonymous: no session is read and no cookie is set; the client address only counts
// submissions, in this instance's memory (see lib/responses/rate-limits.ts), and is never stored.
export const POST = route(
  {
    auth: "none",
    params: surveyUuidParamsSchema,
    body: submitAnswersSchema,
    rateLimit: submitBudget,
    countLimitsIn: "statement",
  },
  async ({ params, body, limits }) =>
    submitResponse(
      params.surveyUuid,
      body.answers,
      body.submission_id,
      undefined,
      limits,
      body.asked,
      body.shown,
    ),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
