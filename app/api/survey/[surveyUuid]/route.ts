import { otherMethods, route } from "@/lib/http/handler";
import { surveyUuidParamsSchema } from "@/lib/surveys/params";
import { getPublicSurvey } from "@/lib/surveys/public";

export const dynamic = "force-dynamic";

// Anonymous: no session is read (auth "none"), so this answer never carries a cookie.
export const GET = route({ auth: "none", params: surveyUuidParamsSchema }, async ({ params }) =>
  getPublicSurvey(params.surveyUuid),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
