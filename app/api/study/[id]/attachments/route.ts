import { addAttachment } from "@/lib/attachments/store";
import { listAttachments } from "@/lib/attachments/read";
import { MAX_ATTACHMENT_BYTES } from "@/lib/attachments/schemas.shared";
import { multipartLimit } from "@/lib/http/body-limit";
import { otherMethods, route } from "@/lib/http/handler";
import { idParamsSchema } from "@/lib/validation/common.shared";
import { fileUploadSchema } from "@/lib/uploads/schemas";

export const dynamic = "force-dynamic";

/** Public while the study is open or finished; staff see the attachments of any study. */
export const GET = route({ auth: "optional", params: idParamsSchema }, ({ params, user }) =>
  listAttachments(params.id, { staff: user !== null }),
);

/**
 * Staff: uploads a PDF (multipart field `file`). This path is left out of proxy.ts's matcher,
 * which would hand the route only the first 10 MB of the body; the wrapper checks the Origin.
 */
export const POST = route(
  {
    auth: "staff",
    params: idParamsSchema,
    bodyKind: "form",
    body: fileUploadSchema,
    maxBodyBytes: multipartLimit(MAX_ATTACHMENT_BYTES),
  },
  ({ params, body, user }) => addAttachment(params.id, body.file, user),
);

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
