import { staffUserWithoutRenewal } from "@/lib/auth/request-staff";
import { route } from "@/lib/http/handler";
import { surveyQuerySchema, surveyUuidParamsSchema } from "@/lib/surveys/params";
import { getPublicSurvey } from "@/lib/surveys/public";

export const dynamic = "force-dynamic";

// Anonymous: the wrapper reads no session (auth "none"), so this answer never carries a cookie.
// Only an explicit `?preview=1` looks at the session, without renewing it, to let signed-in
// staff preview a survey at any study status; for anyone else the query changes nothing.
export const GET = route(
  { auth: "none", params: surveyUuidParamsSchema, query: surveyQuerySchema },
  async ({ req, params, query }) => {
    const preview = query.preview && (await staffUserWithoutRenewal(req)) !== null;
    return getPublicSurvey(params.surveyUuid, { preview });
  },
);
