import { MAX_EDITOR_IMAGE_BYTES } from "@/lib/editor-images/schemas";
import { saveEditorImage } from "@/lib/editor-images/store";
import { multipartLimit } from "@/lib/http/body-limit";
import { otherMethods, route } from "@/lib/http/handler";
import { fileUploadSchema } from "@/lib/uploads/schemas";

export const dynamic = "force-dynamic";

/**
 * Staff: stores an image for the rich-text editor (multipart field `file`) and answers its URL.
 * Left out of proxy.ts's matcher like the attachment upload; the wrapper checks the Origin.
 */
export const POST = route(
  {
    auth: "staff",
    bodyKind: "form",
    body: fileUploadSchema,
    maxBodyBytes: multipartLimit(MAX_EDITOR_IMAGE_BYTES),
  },
  ({ body, user }) => saveEditorImage(body.file, user.id),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
