import { otherMethods, route } from "@/lib/http/handler";
import { getEditorSurvey, saveSurvey } from "@/lib/surveys/editor";
import { SAVE_SURVEY_MAX_BODY_BYTES, saveSurveySchema } from "@/lib/surveys/editor-schemas.shared";
import { idParamsSchema } from "@/lib/validation/common.shared";

export const dynamic = "force-dynamic";

/** Staff: the survey for the editor, with its version and how many responses it has. */
export const GET = route({ auth: "staff", params: idParamsSchema }, ({ params }) =>
  getEditorSurvey(params.id),
);

/** Staff: saves the whole survey (autosave); a stale `version` is 409 code 27. */
export const PUT = route(
  {
    auth: "staff",
    params: idParamsSchema,
    body: saveSurveySchema,
    maxBodyBytes: SAVE_SURVEY_MAX_BODY_BYTES,
  },
  ({ params, body }) => saveSurvey(params.id, body),
);

export const { POST, PATCH, DELETE } = otherMethods("GET", "PUT");
