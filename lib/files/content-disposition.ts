import "server-only";
import { withoutLoneSurrogates } from "@/lib/validation/lone-surrogates";

/**
 * A Content-Disposition value that no file name can break out of. The plain `filename`
 * parameter is an ASCII fallback of safe characters only (letters, digits, space, `.`, `_`,
 * `-`, `(`, `)`), so quotes, CR/LF, semicolons and path separators never reach the header;
 * the real name travels percent-encoded in the RFC 6266 / RFC 8187 `filename*` parameter,
 * which every current browser prefers.
 */
export function contentDisposition(
  kind: "inline" | "attachment",
  filename: string,
  fallback: string,
): string {
  // Lone surrogates cannot be encoded as UTF-8; they become U+FFFD.
  const name = withoutLoneSurrogates(filename);
  const ascii = asciiFallback(name) || fallback;
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeExtValue(name || fallback)}`;
}

const MAX_FALLBACK_LENGTH = 150;

function asciiFallback(name: string): string {
  const plain = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9 ._()-]+/g, "_")
    .replace(/^[ ._]+/, "")
    .trim();
  if (plain.length <= MAX_FALLBACK_LENGTH) return plain;
  // Keep the extension, which tells the browser what it is saving.
  const dot = plain.lastIndexOf(".");
  const extension = dot > 0 && plain.length - dot <= 10 ? plain.slice(dot) : "";
  return plain.slice(0, MAX_FALLBACK_LENGTH - extension.length) + extension;
}

/** RFC 8187 ext-value: UTF-8, every byte outside attr-char percent-encoded. */
function encodeExtValue(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}
