import { otherMethods, route } from "@/lib/http/handler";
import { getSurveyVersion } from "@/lib/surveys/editor";
import { idParamsSchema } from "@/lib/validation/common.shared";

export const dynamic = "force-dynamic";

/** Staff: only the survey's version, so an open editor can tell cheaply that it is behind. */
export const GET = route({ auth: "staff", params: idParamsSchema }, ({ params }) =>
  getSurveyVersion(params.id),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
