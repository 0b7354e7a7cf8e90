import "server-only";
import { asc, eq } from "drizzle-orm";
import { dbOr, type DbOrTx } from "@/db/client";
import { editorImages } from "@/db/schema";
import { sha256Hex } from "@/lib/crypto/tokens";
import { carriesMetadata, reencodeEditorImage, type EditorImageType } from "./reencode";

export type ReencodeReport = {
  /** Stored editor images looked at. */
  checked: number;
  /** Re-encoded now: they carried metadata or an orientation. */
  reencoded: number;
  /** Already clean (uploaded since uploads are re-encoded, or by an earlier run): unchanged. */
  unchanged: number;
  /** Stored bytes that do not decode as their type: left as they are, their ids listed. */
  unreadable: string[];
};

function isEditorImageType(type: string): type is EditorImageType {
  return type === "image/png" || type === "image/jpeg";
}

/**
 * `npm run images:reencode`: re-encodes the editor images stored before uploads were re-encoded,
 * in place under the same id (texts refer to it; nothing else ever changes an image's bytes), as
 * an upload is now. One image in memory at a time. Running it again changes nothing: a
 * re-encoded image carries no metadata and is skipped.
 */
export async function reencodeStoredEditorImages(tx?: DbOrTx): Promise<ReencodeReport> {
  const db = await dbOr(tx);
  const report: ReencodeReport = { checked: 0, reencoded: 0, unchanged: 0, unreadable: [] };
  const ids = await db
    .select({ id: editorImages.id })
    .from(editorImages)
    .orderBy(asc(editorImages.createdAt), asc(editorImages.id));
  for (const { id } of ids) {
    const [row] = await db
      .select({ contentType: editorImages.contentType, data: editorImages.data })
      .from(editorImages)
      .where(eq(editorImages.id, id));
    if (!row) continue; // deleted meanwhile
    report.checked += 1;
    try {
      if (!isEditorImageType(row.contentType) || !carriesMetadata(row.data, row.contentType)) {
        report.unchanged += 1;
        continue;
      }
      const data = await reencodeEditorImage(row.data, row.contentType);
      await db
        .update(editorImages)
        .set({ data, fileSize: data.byteLength, sha256: sha256Hex(data) })
        .where(eq(editorImages.id, id));
      report.reencoded += 1;
    } catch {
      report.unreadable.push(id);
    }
  }
  return report;
}
