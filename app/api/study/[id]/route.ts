import { otherMethods, route } from "@/lib/http/handler";
import { UPDATE_STUDY_MAX_BODY_BYTES, updateStudySchema } from "@/lib/studies/admin-schemas.shared";
import { deleteStudy } from "@/lib/studies/delete";
import { readStudy } from "@/lib/studies/read";
import { updateStudy } from "@/lib/studies/update";
import { idParamsSchema } from "@/lib/validation/common.shared";

export const dynamic = "force-dynamic";

/** Public for open and finished studies; signed-in staff see a study in any status. */
export const GET = route({ auth: "optional", params: idParamsSchema }, ({ params, user }) =>
  readStudy(params.id, { staff: user !== null }),
);

/** Staff: changes only the fields the body carries and answers the study. */
export const PUT = route(
  {
    auth: "staff",
    params: idParamsSchema,
    body: updateStudySchema,
    maxBodyBytes: UPDATE_STUDY_MAX_BODY_BYTES,
  },
  ({ params, body, user }) => updateStudy(params.id, body, user),
);

/** Admins: removes the study with its survey, responses and attachments. */
export const DELETE = route({ auth: "admin", params: idParamsSchema }, async ({ params, user }) => {
  await deleteStudy(params.id, user);
  return {};
});

export const { POST, PATCH } = otherMethods("GET", "PUT", "DELETE");
