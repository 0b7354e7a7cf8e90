import "server-only";
import { editorImages } from "@/db/schema";
import { transaction, type DbOrTx } from "@/db/client";
import { sha256Hex } from "@/lib/crypto/tokens";
import { sniffFileType } from "@/lib/uploads/file-type";
import { fileRejected } from "@/lib/uploads/errors";
import { readUploadedFile } from "@/lib/uploads/read-file";
import { reencodeEditorImage } from "./reencode";
import {
  MAX_EDITOR_IMAGE_BYTES,
  ONLY_IMAGES_MESSAGE,
  editorImageUrl,
  type EditorImageUpload,
} from "./schemas";

/**
 * POST /api/editor_image: keeps a PNG or JPEG (recognised by its first bytes; the name and the
 * declared type are ignored) of at most 5 MB and answers the path it is served at. What is kept
 * is the image re-encoded upright without metadata (./reencode.ts): a photo's EXIF can hold where
 * it was taken, and these images are public.
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
  const data = await reencodeEditorImage(content.bytes, type);
  const [row] = await transaction(tx, (t) =>
    t
      .insert(editorImages)
      .values({
        contentType: type,
        fileSize: data.byteLength,
        sha256: sha256Hex(data),
        data,
        uploadedBy,
      })
      .returning({ id: editorImages.id }),
  );
  return { url: editorImageUrl(row.id) };
}
