import "server-only";
import { editorImages } from "@/db/schema";
import { transaction, type DbOrTx } from "@/db/client";
import { sniffFileType } from "@/lib/uploads/file-type";
import { fileRejected } from "@/lib/uploads/errors";
import { readUploadedFile } from "@/lib/uploads/read-file";
import {
  MAX_EDITOR_IMAGE_BYTES,
  ONLY_IMAGES_MESSAGE,
  editorImageUrl,
  type EditorImageUpload,
} from "./schemas";

/**
 * POST /api/editor_image: keeps a PNG or JPEG (recognised by its first bytes; the name and the
 * declared type are ignored) of at most 5 MB and answers the path it is served at.
 */
export async function saveEditorImage(
  file: File,
  uploadedBy: number,
  tx?: DbOrTx,
): Promise<EditorImageUpload> {
  const content = await readUploadedFile(file, {
    maxBytes: MAX_EDITOR_IMAGE_BYTES,
    tooLargeMessage: "The image is larger than 5 MB",
  });
  const type = sniffFileType(content.bytes);
  if (type !== "image/png" && type !== "image/jpeg") throw fileRejected(ONLY_IMAGES_MESSAGE);
  const [row] = await transaction(tx, (t) =>
    t
      .insert(editorImages)
      .values({
        contentType: type,
        fileSize: content.size,
        sha256: content.sha256,
        data: content.bytes,
        uploadedBy,
      })
      .returning({ id: editorImages.id }),
  );
  return { url: editorImageUrl(row.id) };
}
