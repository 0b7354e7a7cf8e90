import { readAttachmentFile } from "@/lib/attachments/read";
import { attachmentResponse } from "@/lib/attachments/response";
import {
  attachmentFileQuerySchema,
  attachmentParamsSchema,
} from "@/lib/attachments/schemas.shared";
import { deleteAttachment } from "@/lib/attachments/store";
import { otherMethods, route } from "@/lib/http/handler";

export const dynamic = "force-dynamic";

/** The PDF itself (`?download=1` as a download), visible to whoever may see the study. */
export const GET = route(
  { auth: "optional", params: attachmentParamsSchema, query: attachmentFileQuerySchema },
  async ({ params, query, user }) => {
    const file = await readAttachmentFile(params.id, params.attachmentId, {
      staff: user !== null,
    });
    return attachmentResponse(file, { download: query.download === "1" });
  },
);

/** Staff: removes the attachment. */
export const DELETE = route(
  { auth: "staff", params: attachmentParamsSchema },
  async ({ params, user }) => {
    await deleteAttachment(params.id, params.attachmentId, user);
    return {};
  },
);

export const { POST, PUT, PATCH } = otherMethods("GET", "DELETE");
