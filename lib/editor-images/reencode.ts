import "server-only";
import sharp from "sharp";
import { fileRejected } from "@/lib/uploads/errors";

/** The image types the editor accepts; each is stored re-encoded in its own format. */
export type EditorImageType = "image/png" | "image/jpeg";

/**
 * At most 40 million pixels (e.g. 8000 × 5000): a 5 MB file may declare far more, and decoding
 * it would take gigabytes of memory.
 */
export const MAX_EDITOR_IMAGE_PIXELS = 40_000_000;

/** JPEG quality of the re-encoded image: visibly the same as a camera's or an editor's export. */
const JPEG_QUALITY = 90;

function decoder(bytes: Buffer) {
  return sharp(bytes, { limitInputPixels: MAX_EDITOR_IMAGE_PIXELS, failOn: "error" });
}

/**
 * The image as it is stored and served: turned upright by its EXIF orientation first (so it
 * shows as the camera meant it once the tag is gone), then encoded again in the same format,
 * in sRGB, with no metadata at all (no EXIF with its GPS position, camera serial or time, no
 * XMP, IPTC, ICC profile or PNG text). A file that does not decode is refused with code 24.
 */
export async function reencodeEditorImage(bytes: Buffer, type: EditorImageType): Promise<Buffer> {
  try {
    const upright = decoder(bytes).rotate();
    const encoded = type === "image/png" ? upright.png() : upright.jpeg({ quality: JPEG_QUALITY });
    return await encoded.toBuffer();
  } catch {
    throw fileRejected("The image could not be read");
  }
}

/** The PNG chunks a re-encoded image has: the pixels, their palette and transparency, density. */
const PNG_PIXEL_CHUNKS = new Set(["IHDR", "PLTE", "tRNS", "pHYs", "IDAT", "IEND"]);

function pngHasOtherChunks(bytes: Buffer): boolean {
  for (let at = 8; at + 8 <= bytes.length; at += 12 + bytes.readUInt32BE(at)) {
    if (!PNG_PIXEL_CHUNKS.has(bytes.toString("latin1", at + 4, at + 8))) return true;
  }
  return false;
}

/** APP0–APP15 (JFIF, EXIF, XMP, ICC, IPTC, …) or COM before the image data. */
function jpegHasMetadataSegments(bytes: Buffer): boolean {
  let at = 2;
  while (at + 4 <= bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1];
    if (marker === 0xda || marker === 0xd9) return false; // start of scan, end of image
    if ((marker >= 0xe0 && marker <= 0xef) || marker === 0xfe) return true;
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  return false;
}

/**
 * Whether stored bytes still carry something re-encoding removes: any PNG chunk besides the
 * pixels' own (text, EXIF, ICC, time…), any JPEG application or comment segment (EXIF with its
 * orientation, XMP, ICC, IPTC, JFIF). A re-encoded image carries none, so re-encoding the
 * stored ones again skips it.
 */
export function carriesMetadata(bytes: Buffer, type: EditorImageType): boolean {
  return type === "image/png" ? pngHasOtherChunks(bytes) : jpegHasMetadataSegments(bytes);
}
