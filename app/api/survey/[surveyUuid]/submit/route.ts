import { route } from "@/lib/http/handler";
import { submitLimitsPerClient } from "@/lib/responses/rate-limits";
import { submitResponse } from "@/lib/responses/submit";
import { submitAnswersSchema } from "@/lib/surveys/answers";
import { surveyUuidParamsSchema } from "@/lib/surveys/params";

export const dynamic = "force-dynamic";

// Anonymous: no session is read and no cookie is set; the client address only counts
// submissions (as a keyed hash, in rate_limits) and is never stored with the response.
export const POST = route(
  {
    auth: "none",
    params: surveyUuidParamsSchema,
    body: submitAnswersSchema,
    rateLimit: submitLimitsPerClient,
  },
  async ({ params, body }) => submitResponse(params.surveyUuid, body.answers, body.submission_id),
);
