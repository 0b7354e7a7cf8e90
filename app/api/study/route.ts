import { otherMethods, route } from "@/lib/http/handler";
import { CREATE_STUDY_MAX_BODY_BYTES, createStudySchema } from "@/lib/studies/admin-schemas.shared";
import { listAllStudies } from "@/lib/studies/admin-read";
import { createStudy } from "@/lib/studies/create";

export const dynamic = "force-dynamic";

/** Staff: every study in every status, newest first. */
export const GET = route({ auth: "staff" }, () => listAllStudies());

/** Staff: a new `not_started` study (default name 'new study') with its empty survey. */
export const POST = route(
  { auth: "staff", body: createStudySchema, maxBodyBytes: CREATE_STUDY_MAX_BODY_BYTES },
  ({ body, user }) => createStudy(body, user),
);

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
