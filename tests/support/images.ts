import { crc32 } from "node:zlib";
import sharp from "sharp";
import { PNG_BYTES } from "./files";

/** The EXIF a phone writes that must never reach a public page: maker, model and position. */
export const PHONE_EXIF = {
  IFD0: { Make: "PhoneMaker", Model: "Pocket 12" },
  IFD3: {
    GPSLatitudeRef: "N",
    GPSLatitude: "52/1 22/1 1234/100",
    GPSLongitudeRef: "E",
    GPSLongitude: "4/1 53/1 5678/100",
  },
};

/**
 * A phone photo: `width` × `height` pixels as stored, EXIF orientation 6 (shown turned a
 * quarter clockwise, so `height` × `width` upright), with maker, model and a GPS position.
 */
export async function phonePhoto(width = 40, height = 20): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#c03030" } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif(PHONE_EXIF)
    .toBuffer();
}

/** Whether EXIF data points at a GPS block (tag 0x8825, in either byte order). */
export function exifHasGps(exif: Buffer): boolean {
  return exif.includes(Buffer.from([0x25, 0x88])) || exif.includes(Buffer.from([0x88, 0x25]));
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A valid 1×1 PNG of exactly `size` bytes: the padding is a text chunk (a "Comment", which
 * readers show and re-encoding drops) before the image's end.
 */
export function pngOfSize(size: number): Buffer {
  const iend = PNG_BYTES.subarray(PNG_BYTES.length - 12);
  const head = PNG_BYTES.subarray(0, PNG_BYTES.length - 12);
  const overhead = head.length + iend.length + 12 + "Comment\0".length;
  if (size < overhead) throw new Error(`a PNG with a comment needs ${overhead} bytes`);
  const text = Buffer.concat([
    Buffer.from("Comment\0", "latin1"),
    Buffer.alloc(size - overhead, "x"),
  ]);
  return Buffer.concat([head, pngChunk("tEXt", text), iend]);
}
