import "server-only";
import { MAX_ATTACHMENT_NAME_LENGTH } from "./schemas.shared";

// Control characters, and the bidirectional overrides and isolates with which "abc‮fdp.exe"
// would display as "abcexe.pdf".
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * The name kept for an uploaded file: the last path segment (some clients send a whole path),
 * without control or direction-changing characters, NFC-normalised and trimmed. It is stored
 * and shown as text; the download header encodes it separately (lib/http/content-disposition).
 */
export function cleanFilename(raw: string): string {
  const base = raw.split(/[/\\]/).pop() ?? "";
  return base.replace(INVISIBLE, "").normalize("NFC").trim();
}

export function hasPdfExtension(name: string): boolean {
  return name.toLowerCase().endsWith(".pdf");
}

export function isAcceptableLength(name: string): boolean {
  return name.length <= MAX_ATTACHMENT_NAME_LENGTH;
}
