import { otherMethods, route } from "@/lib/http/handler";
import { checkExport, exportQuerySchema, exportResponses } from "@/lib/responses/export-download";
import { idParamsSchema } from "@/lib/validation/common.shared";

export const dynamic = "force-dynamic";
// A large study takes a while to stream; hosts with a time limit per call allow this much.
export const maxDuration = 60;

/**
 * Staff: every response of the study as .xlsx (sheets 'responses' and 'codebook') or CSV; with
 * `check=1` only 204 when it would start. A HEAD, which Next.js hands to this handler, gets the
 * download's headers alone: nothing is read, built or audited.
 */
export const GET = route(
  { auth: "staff", params: idParamsSchema, query: exportQuerySchema },
  ({ req, params, query, user }) =>
    query.check
      ? checkExport(params.id)
      : exportResponses(params.id, query.format, user, { headersOnly: req.method === "HEAD" }),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
