import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { editorImages } from "@/db/schema";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { AppError } from "@/lib/errors/app-error";

export type EditorImageFile = { contentType: string; data: Buffer };

/** GET /api/editor_image/{id}: the image, for anyone; 404 code 14 when there is none. */
export async function readEditorImage(id: string): Promise<EditorImageFile> {
  const db = await getDb();
  const [row] = await db
    .select({ contentType: editorImages.contentType, data: editorImages.data })
    .from(editorImages)
    .where(eq(editorImages.id, id))
    .limit(1);
  if (!row) throw new AppError(ErrorCode.NOT_FOUND);
  return row;
}
