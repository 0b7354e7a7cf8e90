import { route } from "@/lib/http/handler";
import { readStudy } from "@/lib/studies/read";
import { studyParamsSchema } from "@/lib/studies/schemas";

export const dynamic = "force-dynamic";

/** Public for open and finished studies; signed-in staff see a study in any status. */
export const GET = route({ auth: "optional", params: studyParamsSchema }, ({ params, user }) =>
  readStudy(params.id, { staff: user !== null }),
);
