import "server-only";
/** The file types the site accepts, recognised by their first bytes rather than their name. */
export type SniffedType = "application/pdf" | "image/png" | "image/jpeg";

const SIGNATURES: readonly { type: SniffedType; bytes: readonly number[] }[] = [
  // "%PDF-"
  { type: "application/pdf", bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  { type: "image/png", bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: "image/jpeg", bytes: [0xff, 0xd8, 0xff] },
];

/** The type `bytes` start like, or null when they match none of the accepted ones. */
export function sniffFileType(bytes: Uint8Array): SniffedType | null {
  for (const { type, bytes: signature } of SIGNATURES) {
    if (bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b)) {
      return type;
    }
  }
  return null;
}
