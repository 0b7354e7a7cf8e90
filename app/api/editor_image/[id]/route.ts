import { editorImageParamsSchema } from "@/lib/editor-images/schemas";
import { readEditorImage } from "@/lib/editor-images/read";
import { editorImageResponse } from "@/lib/editor-images/response";
import { otherMethods, route } from "@/lib/http/handler";

export const dynamic = "force-dynamic";

/**
 * Public: images appear in public study descriptions and in panel mails. No session is read,
 * so the answer is the same for everyone and may be cached.
 */
export const GET = route({ auth: "none", params: editorImageParamsSchema }, async ({ params }) =>
  editorImageResponse(await readEditorImage(params.id)),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
