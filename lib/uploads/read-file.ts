import "server-only";
import { createHash } from "node:crypto";
import { fileRejected, fileTooLarge } from "./errors";

export type ReadFile = {
  bytes: Buffer;
  size: number;
  /** SHA-256 of the bytes, hex. */
  sha256: string;
};

/**
 * The bytes of an uploaded file once it is known to be neither empty nor over `maxBytes`
 * (the request's body limit has already bounded how much was read).
 */
export async function readUploadedFile(
  file: Blob,
  limit: { maxBytes: number; tooLargeMessage: string },
): Promise<ReadFile> {
  if (file.size === 0) throw fileRejected("The file is empty");
  if (file.size > limit.maxBytes) throw fileTooLarge(limit.tooLargeMessage);
  const bytes = Buffer.from(await file.arrayBuffer());
  return {
    bytes,
    size: bytes.byteLength,
    sha256: createHash("sha256").update(bytes).digest("hex"),
  };
}
